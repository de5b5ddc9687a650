// pnpm bench install: what `npm install` puts on disk for distill, with and without OCR, beside
// the single-purpose tools people install instead (mammoth for DOCX, unpdf for PDF text,
// @llamaindex/liteparse for PDF parsing). distill's packages are packed from this workspace
// (`scripts/pack-install.mjs`, as published); the peers come from the npm registry at the
// versions the benchmarks pin. Sizes are the bytes of every file under node_modules.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { machineLine, writeSection } from './results.js';

/** Bytes of all regular files below dir (links not followed), and how many packages. */
function sizeOf(dir: string): { bytes: number; packages: number } {
  let bytes = 0;
  let packages = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        bytes += lstatSync(p).size;
        if (e.name === 'package.json' && /node_modules\/(@[^/]+\/)?[^/@]+$/.test(d)) packages++;
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return { bytes, packages };
}

function npmInstall(project: string, deps: Record<string, string>, overrides: Record<string, string> = {}) {
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'size-probe', private: true, dependencies: deps, overrides }, null, 2),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function runInstallSize(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'distill-size-'));
  try {
    const out = execFileSync('node', [join(REPO_ROOT, 'scripts/pack-install.mjs'), join(work, 'packed')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const { packages } = JSON.parse(out.slice(out.indexOf('{'))) as { packages: Record<string, string> };
    const overridesFor = (deps: string[]) =>
      Object.fromEntries(Object.entries(packages).filter(([n]) => !deps.includes(n)));
    const peerVersions = JSON.parse(readFileSync(join(REPO_ROOT, 'benchmarks/package.json'), 'utf8'))
      .devDependencies as Record<string, string>;
    const cases: { name: string; deps: Record<string, string>; ours: boolean }[] = [
      { name: 'distill (no OCR)', deps: { distill: packages.distill as string }, ours: true },
      {
        name: 'distill + @distill/ocr',
        deps: { distill: packages.distill as string, '@distill/ocr': packages['@distill/ocr'] as string },
        ours: true,
      },
      { name: 'mammoth', deps: { mammoth: peerVersions.mammoth as string }, ours: false },
      { name: 'unpdf', deps: { unpdf: peerVersions.unpdf as string }, ours: false },
      {
        name: '@llamaindex/liteparse',
        deps: { '@llamaindex/liteparse': peerVersions['@llamaindex/liteparse'] as string },
        ours: false,
      },
    ];
    const rows: { name: string; mb: number; packages: number }[] = [];
    for (const c of cases) {
      const project = join(work, c.name.replace(/\W+/g, '-'));
      npmInstall(project, c.deps, c.ours ? overridesFor(Object.keys(c.deps)) : {});
      const s = sizeOf(project);
      rows.push({ name: c.name, mb: Math.round((s.bytes / 1e6) * 10) / 10, packages: s.packages });
      rmSync(project, { recursive: true, force: true });
    }
    const table = [
      '| install | MB on disk | packages |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.name} | ${r.mb} | ${r.packages} |`),
    ].join('\n');
    console.log(table);
    writeSection(
      'install-size',
      `### Install size (\`pnpm bench install\`)\n\nBytes under node_modules after \`npm install\` of each, in an empty project (distill from packed tarballs, peers from npm).\n\n${table}\n`,
      rows,
      machineLine(),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
