import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callgrindArgs, instructionsIn } from './callgrind.js';
import { REPO_ROOT } from './paths.js';

/**
 * Runs one job in a fresh Node process (src/worker.ts) so each engine has its own heap, its own
 * module state (pdf.js workers, globals) and its own peak RSS.
 */
export async function runInChild<T>(job: object, timeoutMs = 60 * 60_000): Promise<T> {
  return (await runJob<T>(job, timeoutMs, false)).answer;
}

/**
 * The same under valgrind's callgrind, instrumented only while the worker says so (a speed
 * job with `instrument`): the answer and the instructions counted.
 */
export async function runInChildCounted<T>(
  job: object,
  timeoutMs = 6 * 60 * 60_000,
): Promise<{ answer: T; instructions: number }> {
  const { answer, instructions } = await runJob<T>(job, timeoutMs, true);
  if (instructions === undefined) throw new Error('callgrind gave no instruction count');
  return { answer, instructions };
}

async function runJob<T>(
  job: object,
  timeoutMs: number,
  counted: boolean,
): Promise<{ answer: T; instructions?: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'distill-bench-job-'));
  const jobPath = join(dir, 'job.json');
  const outPath = join(dir, 'out.json');
  const logPath = join(dir, 'callgrind.log');
  writeFileSync(jobPath, JSON.stringify({ ...job, outPath }));
  const worker = join(REPO_ROOT, 'benchmarks', 'src', 'worker.ts');
  const node = [
    process.execPath,
    '--conditions=distill-source',
    '--import',
    'tsx',
    '--max-old-space-size=4096',
    worker,
    jobPath,
  ];
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const [cmd, ...args] = counted ? ['valgrind', ...callgrindArgs(logPath, false), ...node] : node;
      const child = spawn(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr = (stderr + d).slice(-4000);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', reject);
      child.on('exit', (c, sig) => {
        clearTimeout(timer);
        if (c !== 0) {
          const tail = stderr.trim().split('\n').slice(-3).join(' | ');
          reject(new Error(`worker exited with ${c ?? sig}: ${tail}`));
        } else resolve(c);
      });
    });
    void code;
    const answer = JSON.parse(readFileSync(outPath, 'utf8')) as T;
    return counted ? { answer, instructions: instructionsIn(readFileSync(logPath, 'utf8')) } : { answer };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
