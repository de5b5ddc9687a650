import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Version of an installed package, read from its package.json. */
export function pkgVersion(name: string): string {
  try {
    // Some packages do not export ./package.json, so find it from the resolved entry.
    let dir = dirname(require.resolve(name));
    for (let i = 0; i < 6; i++) {
      try {
        const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        if (pj.name === name) return pj.version;
      } catch {}
      dir = dirname(dir);
    }
  } catch {}
  return 'unknown';
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
/** Largest resident set of any external tool run so far, in KiB (GNU time's %M). */
export let childMaxRssKb = 0;

/** Runs an external tool, rejecting with its stderr on failure; records its peak RSS. */
export function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<RunResult> {
  const [file, argv] = GNU_TIME ? [GNU_TIME, ['-f', '@@RSS %M', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs }, (err, stdout, stderr) => {
      const m = /@@RSS (\d+)\s*$/.exec(stderr);
      if (m) {
        childMaxRssKb = Math.max(childMaxRssKb, Number(m[1]));
        stderr = stderr.slice(0, m.index);
      }
      if (err) reject(new Error(`${cmd} failed: ${(stderr || err.message).trim().slice(0, 300)}`));
      else resolve({ stdout, stderr });
    });
  });
}

export async function toolVersion(cmd: string, args: string[]): Promise<string> {
  try {
    const r = await run(cmd, args, 10_000);
    return (r.stdout || r.stderr).split('\n')[0].trim();
  } catch {
    return 'not installed';
  }
}

export const decodeUtf8 = (b: Uint8Array) => new TextDecoder('utf-8').decode(b);
