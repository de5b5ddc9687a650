import type { Box } from '../types.js';

/** How far two boxes share the x axis: positive when one stands over the other, else the gap's width negated. */
export const overlapX = (a: Box, b: Box): number => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
