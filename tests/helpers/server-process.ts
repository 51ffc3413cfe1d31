// Runs the real server as a child process (`node src/server/main.ts`), as `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Milliseconds from spawn until /api/health answered. */
  startupMs: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  // Generous: a loaded CI machine starting several servers at once (each compiles its modules).
  timeoutMs = 60_000,
  /** Node's own flags, before the script (as `npm start` gives --max-semi-space-size). */
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeFlags, 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  const startupMs = Date.now() - started;
  if (startupMs >= timeoutMs) {
    child.kill('SIGKILL');
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
  }
  return {
    child,
    baseUrl,
    startupMs,
    output: () => output,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
