import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A real redis-server on a free loopback port, without persistence, for the state tests. */
export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** One PING over a raw socket: true once the server answers +PONG. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.end();
      resolve(String(d).startsWith('+PONG'));
    });
  });
}

/** Starts `redis-server` (from Debian's redis-server package; scripts/install-deps.sh installs it). */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; i < 200 && !(await pong(port)); i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await pong(port))) throw new Error('redis-server did not answer PING');
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
