// The server's part of "scan decoded → verdict painted": POST /api/door/check-ins against the real
// server in its own process (as `npm start` runs it), on SQLite and on PostgreSQL. Prints the
// request's p50/p95 for one phone and for several at once, a retry's (same Idempotency-Key), and
// what many phones scanning one ticket at the same moment get (exactly one `checked_in`).
// A measurement, not a test. Run: npx tsx bench/check-ins.ts [attendees]
// PostgreSQL: TEST_POSTGRES_URL, or postgres@127.0.0.1:5432 (skipped when it does not answer).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { newTicketCode } from '../src/server/tickets/ticket-code.ts';
import { runPool, startChildServer } from '#test/servers/child-server.ts';
import { createTempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession } from '#test/api/sessions.ts';
import { seedRegistrations } from '#test/servers/test-server.ts';
import { api } from '../src/shared/paths.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';

const attendees = Number(process.argv[2] ?? 2_000);
const sequentialSamples = 300;
const parallelSamples = 600;
const phones = 8;
const sameTicketRounds = 20;
const sameTicketPhones = 12;

const deadline = setTimeout(() => {
  console.error('check-ins bench: over 3 minutes, giving up');
  process.exit(1);
}, 180_000);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, samples: number[]) =>
  console.log(
    `  ${label.padEnd(34)} p50 ${ms(percentile(samples, 50)).padStart(9)}   p95 ${ms(percentile(samples, 95)).padStart(9)}   (n=${samples.length})`,
  );

async function measure(engine: 'SQLite' | 'PostgreSQL') {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-check-ins-'));
  const postgres = engine === 'PostgreSQL' ? await createTempPostgres() : undefined;
  const databaseUrl = postgres?.url ?? `file:${join(dir, 'bench.db')}`;
  try {
    // Confirmed attendees with their tickets, and a door account's session.
    const db = await openDatabase(databaseUrl);
    const codes = Array.from({ length: attendees }, () => newTicketCode());
    await seedRegistrations(
      db.kysely,
      codes.map((ticket_code, i) =>
        servedRegistration(
          { status: 'confirmed', ticket_code },
          validRegistration({ nome_completo: `Pessoa Bench ${i}` }),
        ),
      ),
    );
    const { cookie } = await startSession(db.kysely, { role: 'door' });
    await db.close();

    const server = await startChildServer({ DATABASE_URL: databaseUrl }, { cwd: dir });
    try {
      async function checkIn(code: string, key = randomUUID()) {
        const started = performance.now();
        const response = await fetch(server.url + api.doorCheckIns, {
          method: 'POST',
          headers: {
            cookie,
            origin: server.url,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify({ code }),
        });
        const body = (await response.json()) as { result?: string };
        if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, result: body.result };
      }

      const tickets = codes.values();
      const next = () => tickets.next().value as string;
      // Warm up the connection, the JIT and the database's caches.
      for (let i = 0; i < 20; i += 1) await checkIn(next());

      const sequential: number[] = [];
      for (let i = 0; i < sequentialSamples; i += 1) sequential.push((await checkIn(next())).ms);

      const parallel: number[] = [];
      const started = performance.now();
      await runPool(Array.from({ length: parallelSamples }, next), phones, async (code) => {
        parallel.push((await checkIn(code)).ms);
      });
      const perSecond = parallelSamples / ((performance.now() - started) / 1000);

      const retries: number[] = [];
      const key = randomUUID();
      const retried = next();
      await checkIn(retried, key);
      for (let i = 0; i < 100; i += 1) retries.push((await checkIn(retried, key)).ms);

      let exactlyOne = 0;
      const racing: number[] = [];
      for (let round = 0; round < sameTicketRounds; round += 1) {
        const code = next();
        const results = await Promise.all(
          Array.from({ length: sameTicketPhones }, () => checkIn(code)),
        );
        racing.push(...results.map((r) => r.ms));
        if (results.filter((r) => r.result === 'checked_in').length === 1) exactlyOne += 1;
      }

      console.log(`\n${engine} (${attendees} confirmed attendees, real server process)`);
      line('one phone, one after another', sequential);
      line(`${phones} phones at once`, parallel);
      console.log(`  ${''.padEnd(34)} ${perSecond.toFixed(0)} check-ins/s`);
      line('retry (same Idempotency-Key)', retries);
      line(`${sameTicketPhones} phones, one ticket, same moment`, racing);
      console.log(
        `  one ticket scanned by ${sameTicketPhones} phones at once: exactly one checked_in in ` +
          `${exactlyOne}/${sameTicketRounds} rounds`,
      );
    } finally {
      await server.kill();
    }
  } finally {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresAnswers(): Promise<boolean> {
  try {
    const database = await createTempPostgres();
    await database.drop();
    return true;
  } catch {
    return false;
  }
}

console.log('check-ins: POST /api/door/check-ins, request to answer, client side');
await measure('SQLite');
if (await postgresAnswers()) await measure('PostgreSQL');
else console.log('\nPostgreSQL: not reachable, skipped');
clearTimeout(deadline);
