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
