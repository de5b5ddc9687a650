import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache, type RedisLikeClient } from './redis.js';

// A real redis-server on a free loopback port, spoken to with a few lines of RESP.
let proc: ChildProcess | undefined;
let socket: Socket;
const port = 20000 + Math.floor(Math.random() * 20000);

function respClient(sock: Socket): RedisLikeClient {
  let buffer = '';
  const waiting: ((v: string | null) => void)[] = [];
  sock.on('data', (d) => {
    buffer += d.toString();
    for (;;) {
      const nl = buffer.indexOf('\r\n');
      if (nl < 0) return;
      const head = buffer.slice(0, nl);
      if (head[0] === '$') {
        const len = Number(head.slice(1));
        if (len < 0) {
          buffer = buffer.slice(nl + 2);
          waiting.shift()?.(null);
          continue;
        }
        if (buffer.length < nl + 2 + len + 2) return;
        const value = buffer.slice(nl + 2, nl + 2 + len);
        buffer = buffer.slice(nl + 4 + len);
        waiting.shift()?.(value);
      } else {
        buffer = buffer.slice(nl + 2);
        waiting.shift()?.(head.slice(1));
      }
    }
  });
  const send = (...args: string[]) =>
    new Promise<string | null>((resolve) => {
      waiting.push(resolve);
      sock.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
    });
  return {
    get: (k) => send('GET', k),
    set: (k, v, ...rest) => send('SET', k, v, ...rest.map(String)),
    del: (k) => send('DEL', k),
  };
}

const available = await new Promise<boolean>((resolve) => {
  const p = spawn('redis-server', ['--version']);
  p.on('error', () => resolve(false));
  p.on('exit', (code) => resolve(code === 0));
});

describe.skipIf(!available)('RedisCache', () => {
  beforeAll(async () => {
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50; i++) {
      try {
        socket = await new Promise<Socket>((resolve, reject) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', reject);
        });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  afterAll(() => {
    socket?.destroy();
    proc?.kill();
  });

  it('stores, reads, expires and deletes entries', async () => {
    const cache = new RedisCache(respClient(socket), 'test:');
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('a', '{"x":1}');
    expect(await cache.get('a')).toBe('{"x":1}');
    await cache.set('b', 'short', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await cache.get('b')).toBeUndefined();
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
  });
});
