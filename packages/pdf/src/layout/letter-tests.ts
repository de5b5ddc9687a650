import { asciiTwin } from '@distill/core';

// The letter tests the layout runs on most lines, each compiled once per process and, for ASCII
// text, as an ASCII twin (see @distill/core's ascii-twin.ts for why).

/** Starts with a lower-case letter (\p{Ll}). */
export const STARTS_LOWER = asciiTwin(String.raw`^\p{Ll}`, 'u');
/** Starts with an upper-case letter (\p{Lu}). */
export const STARTS_UPPER = asciiTwin(String.raw`^\p{Lu}`, 'u');
/** Has a letter anywhere (\p{L}). */
export const HAS_LETTER = asciiTwin(String.raw`\p{L}`, 'u');
