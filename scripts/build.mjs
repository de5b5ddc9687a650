#!/usr/bin/env node
// Builds every package under packages/ in dependency order, each stage's packages in parallel.
// pnpm's own ordering cannot be used: `distill` depends on @distill/cli for its `distill`
// command, and the CLI depends (through @distill/batch) on `distill`, a cycle in which pnpm
// may build batch before distill's declarations exist. The cycle is broken at the one edge
// that needs nothing at build time: distill's bin only imports @distill/cli when it runs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_ONLY = new Set(['distill -> @distill/cli']);

const pkgs = new Map();
for (const dir of readdirSync(join(root, 'packages'))) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.build) continue;
  pkgs.set(pkg.name, { dir, pkg });
}
const deps = new Map();
for (const [name, { pkg }] of pkgs) {
  const all = { ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies };
  deps.set(
    name,
    Object.keys(all).filter((d) => pkgs.has(d) && d !== name && !RUNTIME_ONLY.has(`${name} -> ${d}`)),
  );
}
const done = new Set();
const stages = [];
while (done.size < pkgs.size) {
  const ready = [...pkgs.keys()].filter((n) => !done.has(n) && deps.get(n).every((d) => done.has(d)));
  if (ready.length === 0) {
    const left = [...pkgs.keys()].filter((n) => !done.has(n));
    throw new Error(`a dependency cycle among: ${left.join(', ')} (add its build-free edge to RUNTIME_ONLY)`);
  }
  stages.push(ready.sort());
  for (const n of ready) done.add(n);
}
for (const stage of stages) {
  const filters = stage.flatMap((n) => ['--filter', n]);
  process.stdout.write(`build: ${stage.join(', ')}\n`);
  execFileSync('pnpm', [...filters, 'build'], { cwd: root, stdio: 'inherit' });
}
