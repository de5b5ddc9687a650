import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './paths.js';

/**
 * The root README's figures table ("What works, and how well"): each row names the `pnpm bench`
 * command its figures come from, in its last column. REPORT.md lists them from here, so the two
 * cannot drift, and tests/conventions.test.ts checks every row has one.
 */
export interface ReadmeFigure {
  row: string;
  commands: string[];
}

export function readmeFigures(
  readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8'),
): ReadmeFigure[] {
  const start = readme.indexOf('## What works, and how well');
  if (start < 0) return [];
  const lines = readme.slice(start).split('\n');
  const header = lines.findIndex((l) => l.startsWith('| Suite'));
  if (header < 0) return [];
  const out: ReadmeFigure[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const commands = [...(cells[cells.length - 1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    out.push({ row: cells[0], commands });
  }
  return out;
}

/** REPORT.md's section naming, for every README figure, the command that produced it. */
export function readmeFiguresSection(): string[] {
  const rows = readmeFigures();
  if (!rows.length) return [];
  return [
    "## Where the README's figures come from",
    '',
    '| README row | command |',
    '| --- | --- |',
    ...rows.map((r) => `| ${r.row} | ${r.commands.map((c) => `\`${c}\``).join(' and ') || '—'} |`),
    '',
  ];
}
