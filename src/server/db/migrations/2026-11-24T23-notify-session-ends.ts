import { sql, type Kysely } from 'kysely';

// PostgreSQL: every deleted session (a logout, an expiry seen by any instance, a password reset
// from the CLI, an account removed) is announced on channel `session_ended`, at commit, with its
// id hash, so every instance closes that session's live streams at once. SQLite runs one
// instance, which tells its own streams.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (sql`${1}`.compile(db).sql !== '$1') return;
  await sql`
    create function notify_session_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_ended', old.id_hash);
      return old;
    end
    $$`.execute(db);
  await sql`
    create trigger sessions_notify_ended after delete on sessions
    for each row execute function notify_session_ended()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (sql`${1}`.compile(db).sql !== '$1') return;
  await sql`drop trigger sessions_notify_ended on sessions`.execute(db);
  await sql`drop function notify_session_ended()`.execute(db);
}
