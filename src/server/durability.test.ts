// Nothing lost: the real server in a child process, killed with SIGKILL in the middle of a
// burst of registrations (committed in groups, decision 0105) and restarted on the same SQLite
// file, each registration with its outbox message and its live change; and a burst of 1,000.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistrationState, type Registration } from '../shared/registration.schema.ts';
import { levarAlguemOptions, confirmacaoOptions } from '../shared/registration.fields.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { runPool, startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { logIn } from '#test/api/login.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { startTestServer } from '#test/servers/test-server.ts';

const adminEmail = 'organizacao@exemplo.com';
const adminPassword = 'uma senha longa o bastante';

let dir: string;
let smtp: TestSmtp;
const children: ChildServer[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inscricoes-durability-'));
  smtp = await startTestSmtp({ parse: false });
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(dbFile: string, env: Record<string, string> = {}) {
  const child = await startChildServer({ DATABASE_URL: `file:${dbFile}`, ...env }, { cwd: dir });
  children.push(child);
  return child;
}

interface Sent {
  body: ReturnType<typeof validRegistration>;
  /** What the stored row must hold (its messages' states live in their own table). */
  expected: Omit<Registration, 'id' | 'created_at' | 'delivery' | 'certificate'>;
}

/** The state a new registration's row is stored with. */
const { delivery: _messages, ...storedState } = newRegistrationState;

function people(run: string, count: number): Sent[] {
  return Array.from({ length: count }, (_, i) => {
    const digits = String(10_000_000 + i);
    const levar = levarAlguemOptions[i % levarAlguemOptions.length]!;
    const confirmacao = confirmacaoOptions[i % confirmacaoOptions.length]!;
    const body = validRegistration({
      nome_completo: `Pessoa ${i} Conceição`,
      whatsapp: `+55 11 9${digits.slice(0, 4)}-${digits.slice(4)}`,
      email: `${run}.${i}@exemplo.com`,
      nome_compania: `Construtora ${i} Ltda.`,
      levar_alguem: levar,
      confirmacao,
    });
    return {
      body,
      expected: {
        nome_completo: body.nome_completo,
        whatsapp: `+55119${digits}`,
        email: body.email,
        nome_compania: body.nome_compania,
        levar_alguem: levar,
        confirmacao,
        ...storedState,
      },
    };
  });
}

function post(server: ChildServer, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Every row of the file, read by a connection of our own after the server has let go of it. */
function readRows(dbFile: string) {
  const db = new SQLite(dbFile);
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const rows = db.prepare('select * from registrations').all() as (Registration & {
      email_key: string;
    })[];
    const messages = db
      .prepare('select registration_id, channel, kind from messages')
      .all() as Array<{ registration_id: string; channel: string; kind: string }>;
    const created = db
      .prepare("select registration_id from live_changes where type = 'created'")
      .all() as Array<{ registration_id: string }>;
    return { integrity, rows, messages, created };
  } finally {
    db.close();
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('durability (real server in a child process)', () => {
  it(
    'keeps every registration answered 201 through a kill -9 in the middle of a burst',
    { timeout: 90_000 },
    async () => {
      const dbFile = join(dir, 'crash.db');
      // With e-mail on, each registration also queues its message: it must commit with it.
      const first = await start(dbFile, sendingEnv({ smtp: smtp.url }));
      const sent = people('crash', 400);
      const answered = new Map<string, Registration>();
      let failed = 0;
      let otherStatuses = 0;
      let killed = false;

      await runPool(
        sent,
        50,
        async ({ body }) => {
          try {
            const response = await post(first, body);
            if (response.status === 201) {
              // As listed: without the answer's own personal link (decision 0130).
              const { personal_page: _link, ...registration } =
                (await response.json()) as Registration & { personal_page?: string };
              answered.set(body.email, registration);
              if (answered.size >= 150 && !killed) {
                killed = true;
                first.process.kill('SIGKILL');
              }
            } else {
              otherStatuses += 1;
            }
          } catch {
            failed += 1; // the connection died with the server: no answer, no promise made
          }
        },
        () => killed,
      );
      const exit = await first.exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(otherStatuses).toBe(0);
      expect(answered.size).toBeGreaterThanOrEqual(150);

      // Restart on the same file: the server opens it, recovers the WAL and answers again.
      const second = await start(dbFile, {
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
      });
      const cookie = await logIn(second.url, adminEmail, adminPassword);
      const listed = (await (
        await fetch(`${second.url}/api/admin/registrations`, { headers: { cookie } })
      ).json()) as Registration[];
      const listedByEmail = new Map(listed.map((r) => [r.email, r]));
      for (const [email, { delivery: _sentSince, ...registration }] of answered) {
        // Its e-mail may have left since (sent, not queued): the rest is exactly what was answered.
        expect(listedByEmail.get(email)).toEqual({ ...registration, delivery: expect.anything() });
      }

      second.process.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });
      const { integrity, rows, messages, created } = readRows(dbFile);
      expect(integrity).toBe('ok');
      expect(rows).toHaveLength(listed.length);

      // Each stored registration came with its e-mail and its live change, none without them.
      const ids = rows.map((row) => row.id).sort();
      expect(messages.map((m) => `${m.registration_id} ${m.channel} ${m.kind}`).sort()).toEqual(
        ids.map((id) => `${id} email received`),
      );
      expect(created.map((c) => c.registration_id).sort()).toEqual(ids);

      // Every row is whole: exactly what one request sent, never a part of it.
      const sentByEmail = new Map(sent.map((s) => [s.body.email, s.expected]));
      for (const row of rows) {
        const expected = sentByEmail.get(row.email);
        expect(expected, `unexpected row ${row.email}`).toBeDefined();
        expect(row).toMatchObject({ ...expected, email_key: row.email.toLowerCase() });
        expect(row.id).toMatch(uuid);
        expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
      }
      for (const email of answered.keys()) {
        expect(rows.some((row) => row.email === email)).toBe(true);
      }

      console.info(
        `crash test: ${answered.size} answered 201 before SIGKILL, ${failed} cut off, ` +
          `${rows.length} rows after restart (${rows.length - answered.size} committed but unanswered)`,
      );
    },
  );

  it(
    'stores exactly 1,000 rows for 1,000 concurrent distinct registrations',
    { timeout: 90_000 },
    async () => {
      const dbFile = join(dir, 'burst.db');
      const server = await start(dbFile);
      const sent = people('burst', 1_000);
      const statuses = new Map<number, number>();
      const ids = new Set<string>();
      // All 1,000 in flight at once, each on its own connection.
      await Promise.all(
        sent.map(async ({ body }) => {
          const response = await post(server, body);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 201) ids.add(((await response.json()) as Registration).id);
        }),
      );
      expect(Object.fromEntries(statuses)).toEqual({ 201: 1_000 });
      expect(ids.size).toBe(1_000);

      server.process.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const { integrity, rows } = readRows(dbFile);
      expect(integrity).toBe('ok');
      expect(rows).toHaveLength(1_000);
      expect(new Set(rows.map((row) => row.id))).toEqual(ids);
      expect(new Set(rows.map((row) => row.email))).toEqual(new Set(sent.map((s) => s.body.email)));
    },
  );
});

describe('two server processes writing to one SQLite file', () => {
  it(
    'keep one row for identical submissions racing each other, and lose none of the distinct ones',
    { timeout: 90_000 },
    async () => {
      const dbFile = join(dir, 'race.db');
      // The first creates the file and runs the migrations; then both serve it at once.
      const a = await start(dbFile);
      const b = await start(dbFile);

      const [same] = people('same', 1);
      const identical = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, same!.body)),
      );
      const statuses = identical.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);

      // Distinct ones from both at once: the loser of each write lock waits (busy_timeout).
      const distinct = people('both', 200);
      const answers = new Map<number, number>();
      let turn = 0;
      await runPool(distinct, 40, async ({ body }) => {
        turn += 1;
        const response = await post(turn % 2 ? a : b, body);
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
      });
      expect(Object.fromEntries(answers)).toEqual({ 201: 200 });

      a.process.kill('SIGTERM');
      b.process.kill('SIGTERM');
      expect(await a.exited).toEqual({ code: 0, signal: null });
      expect(await b.exited).toEqual({ code: 0, signal: null });
      const { integrity, rows } = readRows(dbFile);
      expect(integrity).toBe('ok');
      expect(rows.filter((row) => row.email === same!.body.email)).toHaveLength(1);
      expect(rows).toHaveLength(201);
    },
  );
});

describe('SQLite settings', () => {
  it('runs in WAL mode with synchronous=FULL, a busy timeout, secure_delete and journals in memory', async () => {
    const server = await startTestServer();
    try {
      const sqlite = server.app.db.sqlite;
      expect(sqlite).toBeDefined();
      expect(sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite?.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(sqlite?.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(1000);
      expect(sqlite?.pragma('secure_delete', { simple: true })).toBe(1);
      expect(sqlite?.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      await server.close();
    }
  });
});
