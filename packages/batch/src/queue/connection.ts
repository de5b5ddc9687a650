import type { ConnectionOptions } from 'bullmq';

export interface QueueTarget {
  connection: ConnectionOptions;
  name: string;
}

/**
 * `redis://[user:pass@]host:port[/db][/queue-name]`: a numeric first segment is the database,
 * the next segment the queue name (default `distill`).
 */
export function parseQueueUrl(url: string): QueueTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--queue needs a redis:// URL, got "${url}"`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new Error(`--queue needs a redis:// URL, got "${url}"`);
  const parts = u.pathname.split('/').filter(Boolean);
  let db = 0;
  if (parts[0] !== undefined && /^\d+$/.test(parts[0])) db = Number(parts.shift());
  const name = parts.join('-') || 'distill';
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new Error(`queue name "${name}" may only hold letters, digits, - and _`);
  return {
    name,
    connection: {
      host: u.hostname || '127.0.0.1',
      port: u.port ? Number(u.port) : 6379,
      db,
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      tls: u.protocol === 'rediss:' ? {} : undefined,
      maxRetriesPerRequest: null,
    },
  };
}

export const deadLetterName = (name: string) => `${name}-dead`;
