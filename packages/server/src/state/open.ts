import { join } from 'node:path';
import { MemoryState } from './memory.js';
import { RedisState } from './redis.js';
import { SqliteState } from './sqlite.js';
import type { StateStore } from './store.js';

export interface StateOptions {
  /** `--redis URL`: state shared by every instance given the same URL. */
  redis?: string;
  /** `--data-dir DIR`: state in DIR/state.sqlite, kept across restarts. */
  dataDir?: string;
  /** Told when the server must fall back to memory, and why. */
  warn?: (message: string) => void;
}

/** A native addon that is not installed, or was built for another Node: worth a fallback, not a crash. */
function addonMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  const msg = String((e as Error).message);
  return (
    ((code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && msg.includes('better-sqlite3')) ||
    code === 'ERR_DLOPEN_FAILED' ||
    /NODE_MODULE_VERSION|Could not locate the bindings file/.test(msg)
  );
}

/**
 * Opens the store `distill serve` keeps its state in: Redis when given, else SQLite under the
 * data folder. Without better-sqlite3 (an optional native dependency whose build may have
 * failed) the server still starts, with state in memory and a warning that says so; any other
 * failure to open the file (permissions, a corrupt database) stops the start, so budgets are
 * never silently forgotten.
 */
export async function openState(opts: StateOptions): Promise<StateStore> {
  if (opts.redis) return RedisState.open(opts.redis);
  if (!opts.dataDir) return new MemoryState();
  const file = join(opts.dataDir, 'state.sqlite');
  try {
    return new SqliteState(file);
  } catch (e) {
    if (!addonMissing(e)) throw new Error(`cannot open the state file ${file}: ${(e as Error).message}`);
    opts.warn?.(
      `better-sqlite3 could not be loaded (${(e as Error).message.split('\n')[0]}): credits and rate limits are held in memory, so a restart resets them. Install it (npm i better-sqlite3) or give --redis URL.`,
    );
    return new MemoryState();
  }
}
