import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A server started as its own operating-system process (apps/server/src/main.ts). */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Ends the process (SIGTERM, then SIGKILL after 10 s) and waits for it. */
  stop(): Promise<void>;
  /** Sends the process a signal. */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the process ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Kills the process at once (SIGKILL, a crash: nothing is finished) and waits for it. */
  kill(): Promise<void>;
}

/** A port free at this moment (the process binds it right after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The URL of a PostgreSQL database with `search_path` set to a test's schema. */
export function urlWithSchema(url: string, schema: string): string {
  const options = encodeURIComponent(`-c search_path="${schema}"`);
  return `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` with `env` on a free port (no claim apps, no
 * log) and resolves once it listens and answers; rejects with its output when it exits first or takes longer
 * than a minute.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CLAIM_APP_PORTS: '',
        LOG: 'off',
        NODE_ENV: 'test',
        // These processes test concurrency, not overload: a busy CI machine must not make them 503.
        LOAD_SHEDDING: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process did not start within a minute:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Plattform läuft')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited (${String(code)}):\n${output}`));
    });
  });
  // Wait until it answers (a 503 is possible only if a caller turned the load shedding back on).
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${base}/api/benutzer/pool`);
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    signal: (name) => child.kill(name),
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
