import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/spawn.js';

const tracked = (pattern: string): string[] =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', pattern], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

describe('repository conventions', () => {
  it('every test and benchmark that reads the shared corpora honours DISTILL_CORPORA', () => {
    const offenders: string[] = [];
    const files = tracked('*.ts').filter((f) =>
      /\.test\.ts$|\/testing\/|^tests\/|^benchmarks\/src\//.test(f),
    );
    for (const f of files) {
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').trim();
          if (code.startsWith('*')) return;
          if (/['"`][^'"`]*shared\/corpora/.test(code) && !code.includes('DISTILL_CORPORA'))
            offenders.push(`${f}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * The house's floors, ground first. A package may use its own floor's neighbours only where
 * listed and any floor below; nothing points up. `distill`'s bin reaches the CLI only at run
 * time (a dynamic import, the one edge scripts/build.mjs also breaks).
 */
const FLOORS: string[][] = [
  ['@distill/scorers', '@distill/core'],
  ['@distill/ocr'],
  ['@distill/html', '@distill/pdf', '@distill/office'],
  ['@distill/epub'],
  ['distill'],
  ['@distill/batch', '@distill/inspect', '@distill/web'],
  ['@distill/search'],
  ['@distill/server', '@distill/mcp'],
  ['@distill/cli'],
];
const RUNTIME_ONLY = new Set(['distill -> @distill/cli']);
const floorOf = (name: string) => FLOORS.findIndex((f) => f.includes(name));

describe('the package graph', () => {
  const manifests = tracked('packages/*/package.json').map((f) => ({
    dir: f.split('/')[1],
    pkg: JSON.parse(readFileSync(join(ROOT, f), 'utf8')),
  }));

  it('places every package on a floor', () => {
    expect(manifests.map((m) => m.pkg.name).filter((n) => floorOf(n) < 0)).toEqual([]);
  });

  it('has no upward edge between packages (declared dependencies)', () => {
    const up: string[] = [];
    for (const { pkg } of manifests) {
      const deps = {
        ...pkg.dependencies,
        ...pkg.optionalDependencies,
        ...pkg.peerDependencies,
        ...pkg.devDependencies,
      };
      for (const d of Object.keys(deps)) {
        if (floorOf(d) < 0 || RUNTIME_ONLY.has(`${pkg.name} -> ${d}`)) continue;
        if (floorOf(d) > floorOf(pkg.name)) up.push(`${pkg.name} -> ${d}`);
        // Tests of a parser may score with @distill/scorers (below it), never with benchmarks.
        if (d === '@distill/benchmarks') up.push(`${pkg.name} -> ${d}`);
      }
    }
    expect(up).toEqual([]);
  });

  it('has no import from a package into benchmarks/ or into another package by path', () => {
    const offenders: string[] = [];
    for (const f of tracked('packages/*.ts')) {
      const dir = f.split('/')[1];
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = /(?:from|import\()\s*['"]([^'"]+)['"]/.exec(line);
          if (!m) return;
          const spec = m[1];
          if (spec.includes('benchmarks/') || spec.startsWith('@distill/benchmarks'))
            offenders.push(`${f}:${i + 1} ${spec}`);
          // `../../other/src/x.js` reaches around another package's exports.
          const around = /^(?:\.\.\/)+([a-z-]+)\/src\//.exec(spec);
          if (around && around[1] !== dir && spec.split('../').length - 1 > f.split('/').length - 3)
            offenders.push(`${f}:${i + 1} ${spec}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

describe("the README's figures", () => {
  it('name, each, the pnpm bench command that produced them', async () => {
    const { readmeFigures } = await import('../benchmarks/src/readme-figures.js');
    const rows = readmeFigures();
    expect(rows.length).toBeGreaterThan(10);
    expect(
      rows.filter((r) => !r.commands.some((c) => c.startsWith('pnpm bench '))).map((r) => r.row),
    ).toEqual([]);
  });
});
