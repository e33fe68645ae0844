// The real server in its own process, for tests that kill it, stop it with a signal, or load it
// from outside: exactly what an operator runs (`npm start`: node dist/server/server.js).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from '../../scripts/build-state.mjs';

const builtEntry = fileURLToPath(new URL('../../dist/server/server.js', import.meta.url));
const sourceEntry = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));
// The tsx loader by absolute URL: the child runs in a scratch folder (no stray .env there).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * How to start the server: the build when it is current (as `npm test` leaves it), which starts
 * in half the time and CPU of tsx compiling the sources in every child; else the sources
 * through tsx, so a test run after an edit without a build still tests the edited code.
 */
export function serverCommand(): string[] {
  return buildIsCurrent() ? [builtEntry] : ['--import', tsxLoader, sourceEntry];
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Settles when the process has exited. */
  exited: Promise<ChildExit>;
  /** What the process wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Every complete line written so far (stdout and stderr), from the start. */
  lines(): string[];
  /** Resolves once `count` lines written from now on (stdout or stderr) satisfy `match`. */
  waitForLines(match: (line: string) => boolean, count: number): Promise<void>;
  /** Sends SIGKILL (unless it already exited) and waits for the exit. */
  kill(): Promise<ChildExit>;
}

/**
 * A loopback port free now, below Linux's ephemeral range (32768 and up): a port the kernel picked
 * for `listen(0)` could be handed, before our server listened on it, to one of the run's many
 * outgoing connections (fetch, PostgreSQL, Chromium) as its local port (EADDRINUSE in a run with
 * four files at once). Here only another test picking the same number at the same moment could.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    // Taken: another number. Anything else would be the same for every number.
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the server (`node dist/server/server.js`, or its sources through tsx when the build is
 * not current) on a free loopback port with these variables (and no others from this process),
 * and waits until GET /api/health answers 200.
 */
export async function startChildServer(
  env: Record<string, string>,
  options: { cwd: string; readyTimeoutMs?: number },
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverCommand(), {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      REGISTRATION_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const allLines: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  const reader = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-20_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      allLines.push(...lines);
      for (const line of lines) for (const listener of lineListeners) listener(line);
    };
  };
  child.stdout?.on('data', reader());
  child.stderr?.on('data', reader());
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (hasExited) throw new Error(`server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    port,
    process: child,
    exited,
    output: () => output,
    lines: () => allLines,
    waitForLines(match, count) {
      return new Promise((resolve) => {
        let seen = 0;
        const listener = (line: string) => {
          if (!match(line)) return;
          seen += 1;
          if (seen < count) return;
          lineListeners.delete(listener);
          resolve();
        };
        lineListeners.add(listener);
      });
    },
    async kill() {
      if (!hasExited) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** Runs `task` over `items` with at most `limit` in flight; stops starting new ones once `stop()` is true. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < items.length && !stop()) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
