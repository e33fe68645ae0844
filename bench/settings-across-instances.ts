// How soon the event's settings saved on one instance are on another's public pages: two real
// server processes (as `npm start` runs them) on one PostgreSQL database, a save of the venue on
// A (PUT /api/admin/event, as the panel's 'Salvar' sends it), then B's form page read every 50 ms
// until it names the new venue. The time from the save's answer to B's page that has it, per
// save: what 'Evento salvo!' promises the organizer, 2 s (issue 18). e2e/first-start-cluster.test.ts
// checks that it arrives, with no restart; this prints how long it took, and asserts nothing
// (decision 0080: no test asserts a duration).
// Needs PostgreSQL on 127.0.0.1:5432 (TEST_POSTGRES_URL).
// Run: npx tsx bench/settings-across-instances.ts [saves]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSession } from '#test/api/sessions.ts';
import { tempPostgres } from '#test/databases/temp-postgres.ts';
import { startChildServer, type ChildServer } from '#test/servers/child-server.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { api, paths } from '../src/shared/paths.ts';

const saves = Number(process.argv[2] ?? 10);
/** Past this, B is taken to have missed the save. */
const giveUpMs = 30_000;

const database = await tempPostgres();
if (!database) {
  console.log('settings-across-instances: no PostgreSQL server answered (TEST_POSTGRES_URL)');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'inscricoes-bench-settings-'));
const servers: ChildServer[] = [];
try {
  // One after the other, as in the test: A's first start runs the migrations.
  for (let i = 0; i < 2; i += 1) {
    servers.push(await startChildServer({ DATABASE_URL: database.url }, { cwd: dir }));
  }
  const [a, b] = servers as [ChildServer, ChildServer];
  const db = await openDatabase(database.url);
  const { cookie } = await startSession(db.kysely).finally(() => db.close());
  // The same origin as the panel's own requests: PUBLIC_URL's default, localhost.
  const headers = { cookie, origin: `http://localhost:${a.port}` };

  const times: number[] = [];
  for (let i = 1; i <= saves; i += 1) {
    const settings = await (await fetch(a.url + api.adminEvent, { headers })).json();
    const venue = `Pavilhão ${i} da Lagoa`;
    const saved = await fetch(a.url + api.adminEvent, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings, venue }),
    });
    if (saved.status !== 200) throw new Error(`the save answered ${saved.status}`);
    const answered = performance.now();
    for (;;) {
      const page = await (await fetch(b.url + paths.register)).text();
      if (page.includes(venue)) break;
      if (performance.now() - answered > giveUpMs) throw new Error(`B never served ${venue}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    times.push(performance.now() - answered);
  }

  const sorted = [...times].sort((x, y) => x - y);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `settings-across-instances: a venue saved on A, on B's form page after ` +
      `median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, slowest ${ms(sorted.at(-1)!)} ` +
      `of ${saves} saves (read every 50 ms; load average ${loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await Promise.all(servers.map((server) => server.kill()));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
