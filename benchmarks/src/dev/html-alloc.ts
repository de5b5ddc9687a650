/**
 * Dev tool: what the warm HTML pass costs in the quantities a loaded machine does not move:
 * bytes allocated and garbage collections (scavenges, mark-compacts) per pass, from V8's
 * `--trace-gc-nvp` lines between two markers, with the young generation fixed in size so the
 * counts compare between builds; optionally instructions (callgrind, the measured passes only)
 * and a CPU profile's self-time shares (relative shares survive load reasonably; times do not),
 * or a sampled allocation profile: bytes allocated by function, garbage included.
 *
 *   pnpm bench dev html-alloc [--largest N] [--passes N] [--whole] [--semi MB]
 *                             [--instructions] [--profile FILE.cpuprofile] [--top N]
 *                             [--heap-profile FILE.heapprofile]
 *
 * Pages: every WCXB dev page (the `pnpm bench speed html` set), or the N largest. Each pass
 * converts every page through the public `parse()` as the speed bench's distill engine does
 * (Markdown only, main content unless --whole), after one untimed warm pass.
 */

import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { callgrindArgs, instructionsIn, instrument } from '../callgrind.js';
import { wcxbInputs } from '../inputs.js';
import { CORPORA, REPO_ROOT } from '../paths.js';

const { values } = parseArgs({
  options: {
    child: { type: 'boolean' },
    largest: { type: 'string' },
    passes: { type: 'string', default: '2' },
    whole: { type: 'boolean' },
    semi: { type: 'string', default: '16' },
    instructions: { type: 'boolean' },
    profile: { type: 'string' },
    'heap-profile': { type: 'string' },
    top: { type: 'string', default: '25' },
  },
  allowPositionals: true,
});

const START = '@@measure-start';
const END = '@@measure-end';
const TAIL = '@@measure-tail';

function pages(): { name: string; bytes: Uint8Array }[] {
  const all = wcxbInputs(path.resolve(CORPORA, 'html/wcxb-dev')).map((f) => {
    const raw = readFileSync(f.path);
    return { name: f.id, bytes: new Uint8Array(/\.gz$/.test(f.path) ? gunzipSync(raw) : raw) };
  });
  if (!values.largest) return all;
  return [...all].sort((a, b) => b.bytes.length - a.bytes.length).slice(0, Number(values.largest));
}

async function child(): Promise<void> {
  const { parse } = await import('distill');
  const inputs = pages();
  const options = {
    formats: ['markdown'],
    timeout: 300_000,
    ...(values.whole ? { onlyMainContent: false } : {}),
  };
  const pass = async () => {
    for (const p of inputs) await parse({ data: p.bytes, filename: `${p.name}.html` }, options as never);
  };
  await pass();
  const heap = values['heap-profile'];
  const session = values.profile || heap ? new Session() : undefined;
  const post = (m: string, p?: object) =>
    new Promise<unknown>((res, rej) => session!.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
  if (session) session.connect();
  if (values.profile) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  if (heap)
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const bytes = inputs.reduce((n, p) => n + p.bytes.length, 0);
  // A full collection on each side, so the allocation counted is the passes' own: the one
  // before starts the count at zero, the one after counts the tail since the last collection.
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  console.log(`${START} ${inputs.length} ${bytes}`);
  if (values.instructions) instrument(true);
  for (let i = 0; i < Number(values.passes); i++) await pass();
  if (values.instructions) instrument(false);
  console.log(END);
  gc();
  console.log(TAIL);
  if (values.profile) {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(values.profile, JSON.stringify(profile));
  }
  if (heap) {
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: object };
    writeFileSync(heap, JSON.stringify(profile));
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self-time shares by function and by file, from a .cpuprofile. */
function shares(file: string, top: number): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const where = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    const url = n.callFrame.url.replace(/^file:\/\//, '');
    const short = url.includes('node_modules')
      ? url.replace(/.*node_modules\//, '')
      : path.relative(REPO_ROOT, url) || n.callFrame.functionName;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${short}:${n.callFrame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + t);
    const area = url
      ? short.replace(/\/[^/]*$/, '/') + path.basename(short)
      : `(${n.callFrame.functionName})`;
    where.set(area, (where.get(area) ?? 0) + t);
  }
  const show = (m: Map<string, number>, title: string) => {
    console.log(`\n${title}`);
    for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  show(where, 'self time by file');
  show(fn, 'self time by function');
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** Bytes allocated by function (self) from a sampled heap profile, as shares of the whole. */
function allocations(file: string, top: number): void {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
  const fn = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode) => {
    const url = n.callFrame.url.replace(/^file:\/\//, '');
    const short = url.includes('node_modules')
      ? url.replace(/.*node_modules\//, '')
      : path.relative(REPO_ROOT, url);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${short}:${n.callFrame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + n.selfSize);
    total += n.selfSize;
    for (const c of n.children) walk(c);
  };
  walk(head);
  console.log(`\nbytes allocated by function (sampled, ${(total / 1e6).toFixed(0)} MB seen)`);
  for (const [k, b] of [...fn].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`${((100 * b) / total).toFixed(1).padStart(5)}%  ${k}`);
}

async function parent(): Promise<void> {
  const semi = values.semi!;
  const node = [
    process.execPath,
    '--conditions=distill-source',
    '--import',
    'tsx',
    '--max-old-space-size=4096',
    `--min-semi-space-size=${semi}`,
    `--max-semi-space-size=${semi}`,
    '--trace-gc-nvp',
    '--expose-gc',
    fileURLToPath(import.meta.url),
    '--child',
    ...process.argv.slice(2),
  ];
  const log = path.join(tmpdir(), `distill-html-alloc-${process.pid}.log`);
  const [cmd, ...args] = values.instructions ? ['valgrind', ...callgrindArgs(log, false), ...node] : node;
  const out = await new Promise<string>((resolve, reject) => {
    const c = spawn(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let s = '';
    c.stdout.on('data', (d) => {
      s += d;
    });
    c.on('error', reject);
    c.on('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`child exited ${code}`))));
  });
  const lines = out.split('\n');
  const a = lines.findIndex((l) => l.startsWith(START));
  const b = lines.findIndex((l) => l.startsWith(END));
  const t = lines.findIndex((l) => l.startsWith(TAIL));
  if (a < 0 || b < 0 || t < 0) throw new Error('no measured section in the child output');
  const [, count, bytes] = lines[a].split(' ');
  const passes = Number(values.passes);
  let scavenges = 0;
  let majors = 0;
  let allocated = 0;
  let promoted = 0;
  lines.slice(a + 1, t).forEach((l, i) => {
    const gc = / gc=(\w+) /.exec(l)?.[1];
    if (!gc) return;
    if (a + 1 + i < b) {
      if (gc === 's') scavenges++;
      else majors++;
    }
    allocated += Number(/ allocated=(\d+)/.exec(l)?.[1] ?? 0);
    promoted += Number(/ promoted=(\d+)/.exec(l)?.[1] ?? 0);
  });
  const per = (x: number) => x / passes;
  console.log(
    `${count} pages, ${(Number(bytes) / 1e6).toFixed(1)} MB, ${values.whole ? 'whole page' : 'main content'}, ${passes} measured passes, semi-space ${semi} MB`,
  );
  console.log(
    `per pass: allocated ${(per(allocated) / 1e6).toFixed(1)} MB (counted at collections), scavenges ${per(scavenges).toFixed(1)}, mark-compacts ${per(majors).toFixed(1)}, promoted ${(per(promoted) / 1e6).toFixed(1)} MB`,
  );
  if (values.instructions) {
    const n = instructionsIn(readFileSync(log, 'utf8'));
    if (n !== undefined) console.log(`per pass: ${(per(n) / 1e6).toFixed(0)} M instructions`);
    rmSync(log, { force: true });
  }
  if (values.profile) shares(values.profile, Number(values.top));
  if (values['heap-profile']) allocations(values['heap-profile'], Number(values.top));
}

await (values.child ? child() : parent());
