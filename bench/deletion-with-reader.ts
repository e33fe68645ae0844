// The organizer's DELETE while another connection reads the SQLite file (a backup, `npm run
// admin`, a second instance): the answer must not wait on that read. Waiting used to cost the
// whole busy timeout (5 s) with the event loop blocked. Prints the time to answer, and fails
// (exit code 1) past half the busy timeout. registration-deletion.test.ts checks the rest:
// the 204, the bytes still in the write-ahead log meanwhile, and their erasure afterwards.
// Run: npx tsx bench/deletion-with-reader.ts [rounds]
import SQLite from 'better-sqlite3';
import { startSession } from '#test/api/sessions.ts';
import { register, startTestServer } from '#test/servers/test-server.ts';
import { api, withId } from '../src/shared/paths.ts';

const rounds = Number(process.argv[2] ?? 5);
const server = await startTestServer();

try {
  const { cookie } = await startSession(server.app.db.kysely);
  const busyTimeout = server.app.db.sqlite!.pragma('busy_timeout', { simple: true }) as number;
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const { id } = await register(server);
    const reader = new SQLite(server.dbFile, { readonly: true });
    try {
      reader.prepare('BEGIN').run();
      reader.prepare('SELECT count(*) FROM registrations').get();
      const started = performance.now();
      const response = await server.request(withId(api.adminRegistration, id), {
        method: 'DELETE',
        headers: { cookie },
      });
      times.push(performance.now() - started);
      if (response.status !== 204) throw new Error(`expected 204, got ${response.status}`);
      reader.prepare('COMMIT').run();
    } finally {
      reader.close();
    }
  }
  const slowest = Math.max(...times);
  console.log(
    `deletion-with-reader: DELETE while another connection reads, slowest ${slowest.toFixed(0)} ms ` +
      `of ${rounds} (busy timeout ${busyTimeout} ms)`,
  );
  if (slowest > busyTimeout / 2) {
    console.error('deletion-with-reader: FAIL: the answer waited on the other connection');
    process.exitCode = 1;
  }
} finally {
  await server.close();
}
