import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A real redis-server on a loopback port, without persistence, for the state, crawl and bench runs. */
export interface RunningRedis {
  /** `redis://127.0.0.1:PORT`, for `--redis`. */
  url: string;
  port: number;
  child: ChildProcess;
  /** `redis://127.0.0.1:PORT/name`, for `--queue` (a BullMQ queue name). */
  queue(name: string): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
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

const pong = (port: number) =>
  redisCommand(port, 'PING').then(
    (r) => r.startsWith('+PONG'),
    () => false,
  );

/**
 * Starts `redis-server` (Debian's redis-server package; scripts/install-deps.sh installs it) on
 * a free port, or on `port` (a server started again where a stopped one was).
 */
export async function startRedis(port?: number): Promise<RunningRedis> {
  const at = port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; i < 200 && !(await pong(at)); i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await pong(at))) throw new Error('redis-server did not answer PING');
  return {
    url: `redis://127.0.0.1:${at}`,
    port: at,
    child,
    queue: (name) => `redis://127.0.0.1:${at}/${name}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
