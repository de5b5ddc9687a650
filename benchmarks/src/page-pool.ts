import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InputFile } from './inputs.js';
import type { PageHello, PageReply } from './page-worker.js';
import { REPO_ROOT, RESULTS_DIR } from './paths.js';

/**
 * The html quality suites convert page by page in a few long-lived child processes, each page
 * under its own time limit: a page that runs past it gets its child killed (a synchronous loop in
 * a peer cannot be raced away inside the process), counts as empty and is reported. Engines whose
 * output depends only on their version and the page (the peers) have their answers cached under
 * benchmarks/results/peer-cache, keyed by engine, version and a hash of the page file, so a rerun
 * costs only distill's own pages while the first run is real.
 */
export interface PoolOptions {
  workers: number;
  pageTimeoutMs: number;
  /** Read and write the answer cache (peers); distill's output changes with the code, so never. */
  cache: boolean;
}

export interface PoolOutputs {
  version: string;
  md: (string | undefined)[];
  errors: (string | undefined)[];
  /** Ids of the pages that ran out of time (their Markdown counts as empty). */
  timeouts: string[];
  /** Pages answered from the cache. */
  cached: number;
}

interface CacheEntry {
  markdown?: string;
  error?: string;
  /** Set when the page ran out of time, with the limit it had. */
  timeoutMs?: number;
}

export const PEER_CACHE_DIR = join(RESULTS_DIR, 'peer-cache');

const WORKER = join(REPO_ROOT, 'benchmarks', 'src', 'page-worker.ts');

const cachePath = (engine: string, key: string) =>
  join(PEER_CACHE_DIR, engine.replace(/[^a-z0-9.-]+/gi, '_'), key.slice(0, 2), `${key}.json`);

export function pageKey(engine: string, version: string, file: InputFile): string {
  return createHash('sha256').update(`${engine}\0${version}\0`).update(readFileSync(file.path)).digest('hex');
}

function readCache(path: string, timeoutMs: number): CacheEntry | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const e = JSON.parse(readFileSync(path, 'utf8')) as CacheEntry;
    // A page that ran out of a shorter limit than this run's is tried again.
    if (e.timeoutMs !== undefined && e.timeoutMs < timeoutMs) return undefined;
    return e;
  } catch {
    return undefined;
  }
}

function writeCache(path: string, e: CacheEntry): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(e));
  renameSync(tmp, path);
}

/** One child converting pages for one engine; replaced when it is killed or dies. */
class PageChild {
  private proc: ChildProcess;
  readonly ready: Promise<string>;
  private pending?: { resolve: (r: PageReply | 'died') => void };

  constructor(engine: string) {
    this.proc = fork(WORKER, [engine], {
      cwd: REPO_ROOT,
      execArgv: ['--conditions=distill-source', '--import', 'tsx', '--max-old-space-size=3072'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.proc.once('message', (m: PageHello) => resolve(m.version));
      this.proc.once('exit', (c) => reject(new Error(`page worker for ${engine} exited with ${c}`)));
    });
    this.proc.on('message', (m: PageReply | PageHello) => {
      if ('i' in m) this.settle(m);
    });
    this.proc.on('exit', () => this.settle('died'));
  }

  private settle(r: PageReply | 'died') {
    const p = this.pending;
    this.pending = undefined;
    p?.resolve(r);
  }

  convert(i: number, file: InputFile, timeoutMs: number): Promise<PageReply | 'died' | 'timeout'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.kill();
        resolve('timeout');
      }, timeoutMs);
      this.pending = {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      this.proc.send({ i, file });
    });
  }

  kill() {
    this.proc.kill('SIGKILL');
  }

  close() {
    if (this.proc.connected) this.proc.send('close');
  }
}

export async function convertPages(
  engine: string,
  files: InputFile[],
  opts: PoolOptions,
): Promise<PoolOutputs> {
  const md: (string | undefined)[] = files.map(() => undefined);
  const errors: (string | undefined)[] = files.map(() => undefined);
  const timeouts: string[] = [];
  const first = new PageChild(engine);
  const version = await first.ready;
  const keys = opts.cache ? files.map((f) => pageKey(engine, version, f)) : [];
  const todo: number[] = [];
  let cached = 0;
  for (const [i, f] of files.entries()) {
    const hit = opts.cache ? readCache(cachePath(engine, keys[i]), opts.pageTimeoutMs) : undefined;
    if (!hit) {
      todo.push(i);
      continue;
    }
    cached++;
    md[i] = hit.timeoutMs !== undefined ? '' : hit.markdown;
    errors[i] = hit.error;
    if (hit.timeoutMs !== undefined) timeouts.push(f.id);
  }
  let next = 0;
  let done = 0;
  const lane = async (child: PageChild) => {
    while (next < todo.length) {
      const i = todo[next++];
      const r = await child.convert(i, files[i], opts.pageTimeoutMs);
      let entry: CacheEntry;
      if (r === 'timeout' || r === 'died') {
        entry =
          r === 'timeout'
            ? { markdown: '', error: `timeout after ${opts.pageTimeoutMs} ms`, timeoutMs: opts.pageTimeoutMs }
            : { error: 'page worker died' };
        if (r === 'timeout') timeouts.push(files[i].id);
        child.kill();
        child = new PageChild(engine);
        await child.ready;
      } else entry = { markdown: r.markdown, error: r.error };
      md[i] = entry.markdown;
      errors[i] = entry.error;
      // A dead worker (out of memory, say) is not the page's answer for ever: not cached.
      if (opts.cache && r !== 'died') writeCache(cachePath(engine, keys[i]), entry);
      if (++done % 100 === 0) process.stderr.write(`  ${engine}: ${done}/${todo.length} pages\n`);
    }
    child.close();
  };
  const lanes = [lane(first)];
  for (let w = 1; w < Math.min(opts.workers, todo.length); w++) {
    const c = new PageChild(engine);
    await c.ready;
    lanes.push(lane(c));
  }
  await Promise.all(lanes);
  timeouts.sort();
  return { version, md, errors, timeouts, cached };
}
