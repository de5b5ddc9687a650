import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository root, and the `distill` command as one install of the `distill` package gives it. */
export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = resolve(ROOT, 'packages/distill/dist/bin.cjs');
export const EXAMPLE = resolve(ROOT, 'fixtures/example');

/** Fails loudly when the build is missing: `pnpm test` builds first, as a user would. */
export function requireBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first (\`pnpm test\` does)`);
}

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `distill` command as a separate process, without blocking the test runner. */
export function distill(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
) {
  return new Promise<Ran>((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: opts.cwd ?? ROOT,
        env: { ...process.env, NO_COLOR: '1', ...opts.env },
        encoding: 'utf8',
        timeout: opts.timeoutMs ?? 180_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        done({ status: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });
}

export interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<number | null>;
}

/** Spawns `distill serve --port 0 ...` and resolves once it says where it listens. */
export async function serveProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  requireBuilt();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`distill serve did not start: ${err}`)), 30_000);
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+)\/v2/.exec(err);
      if (m) {
        clearTimeout(timer);
        res(m[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`distill serve exited with ${code}: ${err}`));
    });
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r(child.exitCode);
        child.once('exit', (code) => r(code));
        child.kill('SIGTERM');
      }),
  };
}
