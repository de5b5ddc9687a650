#!/usr/bin/env node
// Packs every publishable package with `pnpm pack` (workspace ranges become real semver
// ranges, publishConfig.exports replaces the development exports) into DIR/tarballs, and
// makes DIR/project: a fresh npm project outside the workspace that installs `distill` (and
// the packages named with --with) from those tarballs, as a user would from the registry.
// Usage: node scripts/pack-install.mjs DIR [--with @distill/server,@distill/web]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.argv[2] ?? 'pack-install');
const withIdx = process.argv.indexOf('--with');
const extra = withIdx > 0 ? process.argv[withIdx + 1].split(',').filter(Boolean) : [];

const tarballs = join(dir, 'tarballs');
const project = join(dir, 'project');
rmSync(dir, { recursive: true, force: true });
mkdirSync(tarballs, { recursive: true });
mkdirSync(project, { recursive: true });

const byName = {};
for (const p of readdirSync(join(root, 'packages'))) {
  const pkgDir = join(root, 'packages', p);
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  if (pkg.private) continue;
  const out = execFileSync('pnpm', ['pack', '--pack-destination', tarballs], {
    cwd: pkgDir,
    encoding: 'utf8',
  });
  const file = out.trim().split('\n').pop().trim();
  byName[pkg.name] = `file:${file.startsWith('/') ? file : join(tarballs, file)}`;
}

// The dependencies a user names; `overrides` stand in for the registry for the other
// @distill packages, which would come from npm once published.
const dependencies = { distill: byName.distill };
for (const name of extra) dependencies[name] = byName[name];
const overrides = Object.fromEntries(Object.entries(byName).filter(([n]) => !(n in dependencies)));
writeFileSync(
  join(project, 'package.json'),
  `${JSON.stringify({ name: 'distill-consumer', private: true, dependencies, overrides }, null, 2)}\n`,
);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
  cwd: project,
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.stdout.write(`${JSON.stringify({ tarballs, project, packages: byName }, null, 2)}\n`);
