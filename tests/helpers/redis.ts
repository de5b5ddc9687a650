import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
    s.on('error', reject);
  });
}

/** Sends one inline command and resolves with the raw reply (enough for PING and INFO). */
export function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    let out = '';
    sock.on('data', (d) => {
      out += d;
      // A bulk reply ($len\r\n...\r\n) or a one-line reply is complete once it ends a line.
      const bulk = /^\$(\d+)\r\n/.exec(out);
      if (bulk ? out.length >= bulk[0].length + Number(bulk[1]) + 2 : out.endsWith('\r\n')) {
        sock.end();
        resolve(out);
      }
    });
    sock.on('error', reject);
    sock.write(`${command}\r\n`);
  });
}

export interface RedisServer {
  port: number;
  url: (name: string) => string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free port: no persistence, gone when stopped. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; ; i++) {
    try {
      if ((await redisCommand(port, 'PING')).startsWith('+PONG')) break;
    } catch {}
    if (i > 200) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    child,
    url: (name) => `redis://127.0.0.1:${port}/${name}`,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}
