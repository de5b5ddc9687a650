import { mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DistillError } from '@distill/core';

/** A safe file name for a profile name (any 1..128 characters). */
const fileName = (name: string) => encodeURIComponent(name).replace(/\./g, '%2E');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Named persistent browser storage (cookies, localStorage) as Playwright storage-state files.
 * Only one saving session per name at a time, across processes: a second gets 409 Conflict.
 */
export class ProfileStore {
  constructor(readonly dir: string) {}

  private path(name: string) {
    return join(this.dir, `${fileName(name)}.json`);
  }

  async load(name: string): Promise<unknown | undefined> {
    try {
      return JSON.parse(await readFile(this.path(name), 'utf8'));
    } catch {
      return undefined;
    }
  }

  /** Takes the saving lock of a profile, or throws 409 when another session holds it. */
  async lock(name: string): Promise<() => Promise<void>> {
    await mkdir(this.dir, { recursive: true });
    const lockPath = `${this.path(name)}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fh = await open(lockPath, 'wx');
        await fh.writeFile(String(process.pid));
        await fh.close();
        return async () => {
          await unlink(lockPath).catch(() => undefined);
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const holder = Number(await readFile(lockPath, 'utf8').catch(() => ''));
        // A lock left by a process that died is taken over.
        if (holder && holder !== process.pid && !alive(holder)) {
          await unlink(lockPath).catch(() => undefined);
          continue;
        }
        break;
      }
    }
    throw new DistillError(
      'CONFLICT',
      `Conflict: the browser profile "${name}" is in use by another session that saves changes; retry later or use saveChanges: false`,
    );
  }

  async save(name: string, state: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const p = this.path(name);
    const tmp = `${p}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(state));
    await rename(tmp, p);
  }
}
