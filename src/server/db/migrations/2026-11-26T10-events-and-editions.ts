import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Editions (issue 18, decision 0110): the event's settings move from the EVENT_CONFIG file into
// the `events` table, one row per edition, one of them current. Registrations (and with them their
// tickets, check-ins, kept check-in answers and messages, which live on the registration or go
// with it by foreign key) and audit entries (which outlive a deleted registration) name their
// edition. Every row already here joins the first edition, made here with no settings yet: the
// server fills them at its next start from EVENT_CONFIG and the defaults, exactly as the file
// had them, once (src/server/editions/editions.repository.ts). The same e-mail may register once
// per edition. Who changed which settings, and when, is kept in `event_changes`.
//
// SQLite cannot add a NOT NULL column without a constant default: triggers refuse a row without
// its edition there, as NOT NULL does on PostgreSQL. Kysely runs SQLite migrations outside a
// transaction; this one opens its own, so a crash midway leaves the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = sql`${1}`.compile(db).sql === '$1';
  if (!postgres) await sql`begin immediate`.execute(db);
  try {
    await db.schema
      .createTable('events')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      /** The settings as JSON (eventSettingsSchema); null until the first start fills them. */
      .addColumn('settings', 'text')
      /** 1 for the edition the site serves, 0 for the others. */
      .addColumn('is_current', 'integer', (col) => col.notNull().defaultTo(0))
      /** Goes up with every change to the settings: instances compare it to re-render. */
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    // At most one current edition.
    await db.schema
      .createIndex('events_one_current')
      .on('events')
      .column('is_current')
      .unique()
      .where(sql.ref('is_current'), '=', 1)
      .execute();

    const now = new Date().toISOString();
    const first = randomUUID();
    await db
      .insertInto('events')
      .values({ id: first, settings: null, is_current: 1, created_at: now, updated_at: now })
      .execute();

    for (const table of ['registrations', 'audit_entries']) {
      // SQLite cannot drop a column a foreign key names (the down migration): its triggers check.
      await db.schema
        .alterTable(table)
        .addColumn('event_id', 'varchar(36)', (col) =>
          postgres ? col.references('events.id') : col,
        )
        .execute();
      await db.updateTable(table).set({ event_id: first }).execute();
      if (postgres) {
        await db.schema
          .alterTable(table)
          .alterColumn('event_id', (col) => col.setNotNull())
          .execute();
        continue;
      }
      for (const when of ['insert', 'update']) {
        await sql`
          create trigger ${sql.id(`${table}_event_id_required_${when}`)}
          before ${sql.raw(when === 'insert' ? 'insert' : 'update of event_id')} on ${sql.table(table)}
          for each row
          when new.event_id is null or not exists (select 1 from events where id = new.event_id)
          begin
            select raise(abort, ${sql.lit(`FOREIGN KEY constraint failed: ${table}.event_id`)});
          end`.execute(db);
      }
    }

    // One registration per e-mail and edition.
    await db.schema.dropIndex('registrations_email_key_unique').execute();
    await db.schema
      .createIndex('registrations_event_email_key_unique')
      .on('registrations')
      .columns(['event_id', 'email_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('registrations_event_created_at')
      .on('registrations')
      .columns(['event_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('event_changes')
      .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
        postgres ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
      )
      .addColumn('event_id', 'varchar(36)', (col) => col.notNull().references('events.id'))
      /** `created` or `updated`. */
      .addColumn('action', 'varchar(16)', (col) => col.notNull())
      /** The settings' names that changed, as a JSON array. */
      .addColumn('fields', 'text', (col) => col.notNull())
      .addColumn('account_id', 'varchar(36)')
      .addColumn('actor', 'varchar(254)')
      .addColumn('at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('event_changes_event_id')
      .on('event_changes')
      .columns(['event_id', 'id'])
      .execute();
    if (!postgres) await sql`commit`.execute(db);
  } catch (error) {
    if (!postgres) await sql`rollback`.execute(db);
    throw error;
  }
}

// Back to one event in a file: the first edition's rows stay, the others' e-mails may collide
// (then this fails, and the database keeps its editions).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = sql`${1}`.compile(db).sql === '$1';
  await db.schema.dropTable('event_changes').execute();
  await db.schema.dropIndex('registrations_event_created_at').execute();
  await db.schema.dropIndex('registrations_event_email_key_unique').execute();
  await db.schema
    .createIndex('registrations_email_key_unique')
    .on('registrations')
    .column('email_key')
    .unique()
    .execute();
  for (const table of ['registrations', 'audit_entries']) {
    if (!postgres) {
      for (const when of ['insert', 'update']) {
        await sql`drop trigger ${sql.id(`${table}_event_id_required_${when}`)}`.execute(db);
      }
    }
    await db.schema.alterTable(table).dropColumn('event_id').execute();
  }
  await db.schema.dropTable('events').execute();
}
