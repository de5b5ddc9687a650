import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PARSE_FLAGS } from './options.js';
import { parseFlags, plainParse } from './plain-args.js';

const options = {
  ...PARSE_FLAGS,
  out: { type: 'string', short: 'o' },
  json: { type: 'boolean' },
  concurrency: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What util.parseArgs answers: its result, or its error's code and message. */
function node(config: ParseArgsConfig): unknown {
  try {
    return parseArgs(config);
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
}

function ours(config: ParseArgsConfig): unknown {
  try {
    return parseFlags(config);
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
}

// Tokens of every kind util.parseArgs tells apart, plain and not.
const TOKENS = [
  'a.pdf',
  'dir/',
  '',
  '-',
  '--',
  '--json',
  '--out',
  '-o',
  '-c',
  '2',
  '-1',
  '--pdf-mode',
  'fast',
  '--pdf-mode=fast',
  '--blocks',
  '-h',
  '-hc',
  '-c1',
  '--nope',
  '-x',
  '--o',
  '---json',
  '--max-pages',
  '10',
  '--lines',
];

describe('parseFlags', () => {
  it('answers as util.parseArgs does, results and errors, on 20,000 command lines', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let plain = 0;
    for (let k = 0; k < 20_000; k++) {
      const args = Array.from({ length: rand(7) }, () => TOKENS[rand(TOKENS.length)] as string);
      const config = { args, allowPositionals: true, options } as const;
      const got = ours(config);
      expect(got, JSON.stringify(args)).toEqual(node(config));
      if (plainParse(config)) {
        plain++;
        expect(Object.getPrototypeOf((got as { values: object }).values)).toBe(null);
      }
    }
    // Both paths were taken often.
    expect(plain).toBeGreaterThan(2_000);
    expect(plain).toBeLessThan(18_000);
  });

  it('leaves definitions with defaults or repeatable flags to util.parseArgs', () => {
    const args = ['--x', 'a'];
    expect(
      plainParse({ args, allowPositionals: true, options: { x: { type: 'string', default: 'b' } } }),
    ).toBe(undefined);
    expect(
      plainParse({ args, allowPositionals: true, options: { x: { type: 'string', multiple: true } } }),
    ).toBe(undefined);
    expect(plainParse({ args, allowPositionals: true, options: { x: { type: 'string' } } })).toEqual({
      values: Object.assign(Object.create(null), { x: 'a' }),
      positionals: [],
    });
  });
});
