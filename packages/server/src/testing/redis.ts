import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/**
 * A real redis-server on a free loopback port, without persistence: the one starter the state
 * tests, the queue tests (tests/) and the crawl benchmark share.
 */
export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` (database 0). */
  url: string;
  port: number;
  child: ChildProcess;
  /** A URL naming a queue or database on this server: `redis://127.0.0.1:<port>/<name>`. */
  urlFor(name: string): string;
  stop(): Promise<void>;
}

/** A free loopback port. */
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

/** Sends one inline command over a raw socket and resolves with the raw reply (enough for PING and INFO). */
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

/** Starts `redis-server` (from Debian's redis-server package; scripts/install-deps.sh installs it). */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const spawnError = new Promise<Error>((r) => child.once('error', r));
  let failed: Error | undefined;
  void spawnError.then((e) => {
    failed = e;
  });
  for (let i = 0; i < 200 && !(await pong(port)); i++) {
    if (failed) throw new Error(`redis-server could not be started: ${failed.message}`);
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await pong(port))) throw new Error('redis-server did not answer PING');
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    child,
    urlFor: (name) => `${url}/${name}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
