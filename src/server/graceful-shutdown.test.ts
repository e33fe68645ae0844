// SIGTERM on the real server process: it stops accepting, ends the live streams, finishes the
// requests already in flight, closes the database and exits 0.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from '#test/builders/registrations.ts';
import { freePort, startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { logIn } from '#test/api/login.ts';

const adminEmail = 'organizacao@exemplo.com';
const adminPassword = 'uma senha longa o bastante';

let dir: string;
let server: ChildServer | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inscricoes-shutdown-'));
});
afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Settles with `promise`, or fails naming what never happened (the test must not hang). */
function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen`)), ms);
  });
  const labelled = promise.catch((error: Error) => {
    throw new Error(`${what} failed: ${error.message}`, { cause: error });
  });
  return Promise.race([labelled, timeout]).finally(() => clearTimeout(timer));
}

interface Answer {
  status: number;
  body: string;
}

function collect(res: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    res.on('error', reject);
  });
}

/** A registration whose body arrives in two parts: sent half now, the rest on `finish()`. */
function slowRegistration(url: string, email: string) {
  const bytes = Buffer.from(
    JSON.stringify(validRegistration({ nome_completo: 'Pessoa Devagar', email })),
  );
  const half = Math.floor(bytes.length / 2);
  let request!: ReturnType<typeof httpRequest>;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = httpRequest(
      `${url}/api/registrations`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': bytes.length },
      },
      (res) => collect(res).then(resolve, reject),
    );
    request.on('error', reject);
  });
  request.write(bytes.subarray(0, half));
  // Awaited later; until then a failure must not count as unhandled.
  answer.catch(() => {});
  return {
    answer,
    finish: () => request.end(bytes.subarray(half)),
  };
}

/** POSTs a registration on a connection of its own: the status, or the socket error's code. */
function postOnNewConnection(url: string, body: unknown): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpRequest(
      `${url}/api/registrations`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) =>
        collect(res).then(
          (answer) => resolve(answer.status),
          () => resolve('ECONNRESET'),
        ),
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(JSON.stringify(body));
  });
}

describe('graceful shutdown on SIGTERM (real server in a child process)', () => {
  it(
    'ends live streams, refuses new work, finishes requests in flight, closes the database and exits 0',
    { timeout: 60_000 },
    async () => {
      const dbFile = join(dir, 'shutdown.db');
      server = await startChildServer(
        {
          DATABASE_URL: `file:${dbFile}`,
          ADMIN_EMAIL: adminEmail,
          ADMIN_PASSWORD: adminPassword,
          // Fastify logs "incoming request" once it has routed a request: the test waits on it.
          LOG_LEVEL: 'info',
        },
        { cwd: dir },
      );
      const cookie = await logIn(server.url, adminEmail, adminPassword);
      const live = await openLiveStream(server.url, cookie);
      await within(
        live.next((message) => message.type === 'ready'),
        'the live stream connecting',
      );

      // Three registrations whose bodies are half sent; the server logs each one it has routed.
      const routed = server.waitForLines(
        (line) =>
          line.includes('"incoming request"') && line.includes('"url":"/api/registrations"'),
        3,
      );
      const emails = [1, 2, 3].map((i) => `devagar.${i}@exemplo.com`);
      const slow = emails.map((email) => slowRegistration(server!.url, email));
      await within(routed, 'the server taking the three registrations in');

      server.process.kill('SIGTERM');

      // The live stream ends first, while the three registrations are still waiting for bodies.
      await within(live.end(15_000), 'the live stream ending');
      expect(live.response.status).toBe(200);

      // No new work: a fresh connection (a new visitor) is turned away, and soon the port is
      // closed outright, while the three requests are still waiting for their bodies.
      const late = validRegistration({ email: 'atrasada@exemplo.com' });
      const turnedAway: (number | string)[] = [];
      while (turnedAway.at(-1) !== 'ECONNREFUSED' && turnedAway.length < 200) {
        turnedAway.push(await postOnNewConnection(server.url, late));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(turnedAway.at(-1)).toBe('ECONNREFUSED');
      // Before the port closes, a connection that got in is answered 503 or reset; never served.
      for (const outcome of turnedAway) {
        expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(outcome);
      }

      // The requests in flight complete normally.
      for (const request of slow) request.finish();
      const answers = await within(
        Promise.all(slow.map((request) => request.answer)),
        'the requests in flight completing',
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(answers.map((a) => JSON.parse(a.body).email)).toEqual(emails);

      expect(await within(server.exited, 'the process exiting')).toEqual({ code: 0, signal: null });

      // The database was closed cleanly: its write-ahead log was checkpointed and removed.
      const wal = `${dbFile}-wal`;
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
      const db = new SQLite(dbFile, { readonly: true });
      try {
        const rows = db.prepare('select email from registrations order by email').all();
        // The three that were in flight, and not the one that came too late.
        expect(rows).toEqual(emails.map((email) => ({ email })));
      } finally {
        db.close();
      }
    },
  );

  it(
    'reaches the server through `npm start`, as a service manager sends it to npm',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      // From the site's folder, as an operator runs it (a current build is served as is).
      const npm = spawn('npm', ['start'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? dir,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: `file:${join(dir, 'npm-start.db')}`,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout.on('data', (chunk) => (output += String(chunk)));
      npm.stderr.on('data', (chunk) => (output += String(chunk)));
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      const health = `http://127.0.0.1:${port}/api/health`;
      await within(
        (async () => {
          while (
            !(await fetch(health).then(
              (r) => r.ok,
              () => false,
            ))
          ) {
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        })(),
        'npm start serving',
        90_000,
      );

      npm.kill('SIGTERM');
      await within(exited, 'npm exiting');
      // The server itself stopped, and did so the graceful way: not left running without npm.
      await within(
        (async () => {
          while (
            await fetch(health).then(
              () => true,
              () => false,
            )
          ) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })(),
        'the server closing its port',
      );
      expect(output).toContain('SIGTERM received: finishing requests in flight');
    },
  );
});
