// Editions in the database (table events, decision 0110): each one's settings as JSON, which one
// is current, and who changed what (event_changes). Every change to an edition is one
// transaction that bumps its revision and, on PostgreSQL, notifies every instance at commit
// (channel event_changed), so each re-renders its pages (editions/editions.ts).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  eventChangeSchema,
  type Edition,
  type EventChange,
  type EventChangeAction,
  type NewEdition,
} from '../../shared/edition.schema.ts';
import { eventSettingsFields } from '../../shared/event-config.schema.ts';
import { defaultEvent, type EventSettings } from '../../shared/event.ts';
import type { Actor } from '../audit/actor.ts';
import { isCurrent, lockEditions } from '../db/current-edition.ts';
import { isPostgres } from '../db/dialect.ts';
import { channels } from '../db/postgres-listener.ts';
import type { Database } from '../db/schema.ts';
import { startsInThePast } from './edition-date.ts';

/** An edition as the server holds it. */
export interface StoredEdition {
  id: string;
  settings: EventSettings;
  /** Goes up with every change to its settings. */
  revision: number;
  current: boolean;
  createdAt: string;
}

/**
 * Settings as stored, over the defaults: a field added by a later release reads as its default
 * in an edition saved before it existed. They were checked when they were written.
 */
function parseSettings(json: string | null): EventSettings {
  const stored = json ? (JSON.parse(json) as Partial<EventSettings>) : {};
  return { ...defaultEvent, ...stored };
}

type EventRow = {
  id: string;
  settings: string | null;
  revision: number;
  is_current: number;
  created_at: string;
};

function toEdition(row: EventRow): StoredEdition {
  return {
    id: row.id,
    settings: parseSettings(row.settings),
    revision: Number(row.revision),
    current: Number(row.is_current) === 1,
    createdAt: row.created_at,
  };
}

const eventColumns = ['id', 'settings', 'revision', 'is_current', 'created_at'] as const;

async function recordChange(
  trx: Transaction<Database>,
  editionId: string,
  action: EventChangeAction,
  fields: readonly string[],
  actor: Actor | null,
  at: string,
): Promise<void> {
  await trx
    .insertInto('event_changes')
    .values({
      event_id: editionId,
      action,
      fields: JSON.stringify(fields),
      account_id: actor?.accountId ?? null,
      actor: actor?.email ?? null,
      at,
    })
    .execute();
}

/** Every instance hears of it at commit (a rollback drops it); SQLite has one instance. */
async function announce(trx: Transaction<Database>, edition: StoredEdition): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_notify(${channels.eventChanged}, ${`${edition.id}:${edition.revision}`})`.execute(
    trx,
  );
}

/**
 * Whether the registration is in the current edition, in the caller's transaction (after
 * holdCurrentEdition): undefined when there is no such registration.
 */
export async function registrationEdition(
  trx: Transaction<Database>,
  registrationId: string,
): Promise<{ current: boolean } | undefined> {
  const row = await trx
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select('events.is_current')
    .where('registrations.id', '=', registrationId)
    .executeTakeFirst();
  return row && { current: Number(row.is_current) === 1 };
}

/**
 * Gives the first edition its settings when it has none yet: in an empty database, or one
 * upgraded from the release that read EVENT_CONFIG at every start (the migration made the edition
 * and put every row in it). Runs at every start; only the first finds anything to do, on any
 * number of instances starting at once. `given`: the fields EVENT_CONFIG set, for the history.
 */
export async function seedFirstEdition(
  db: Kysely<Database>,
  settings: EventSettings,
  given: readonly string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const seeded = await trx
      .updateTable('events')
      .set({ settings: JSON.stringify(settings), updated_at: at })
      .where('settings', 'is', null)
      .returning(eventColumns)
      .execute();
    for (const row of seeded) {
      await recordChange(trx, row.id, 'created', given, null, at);
      await announce(trx, toEdition(row));
    }
    return seeded.length > 0;
  });
}

export async function readCurrentEdition(db: Kysely<Database>): Promise<StoredEdition> {
  const row = await db
    .selectFrom('events')
    .select(eventColumns)
    .where('is_current', '=', isCurrent)
    .executeTakeFirstOrThrow(() => new Error('no current edition in table events'));
  return toEdition(row);
}

export async function readEdition(
  db: Kysely<Database>,
  id: string,
): Promise<StoredEdition | undefined> {
  const row = await db
    .selectFrom('events')
    .select(eventColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toEdition(row);
}

/** Every edition, oldest first. */
export async function readEditions(db: Kysely<Database>): Promise<StoredEdition[]> {
  const rows = await db
    .selectFrom('events')
    .select(eventColumns)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEdition);
}

/** Every edition, newest first, each with how many registrations it holds. */
export async function listEditions(db: Kysely<Database>): Promise<Edition[]> {
  const rows = await db
    .selectFrom('events')
    .leftJoin('registrations', 'registrations.event_id', 'events.id')
    .select([
      'events.id',
      'events.settings',
      'events.revision',
      'events.is_current',
      'events.created_at',
      (eb) => eb.fn.count<number | string>('registrations.id').as('registrations'),
    ])
    .groupBy([
      'events.id',
      'events.settings',
      'events.revision',
      'events.is_current',
      'events.created_at',
    ])
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .execute();
  return rows.map((row) => toApiEdition(toEdition(row), Number(row.registrations)));
}

export function toApiEdition(edition: StoredEdition, registrations: number): Edition {
  return {
    id: edition.id,
    current: edition.current,
    created_at: edition.createdAt,
    registrations,
    event: edition.settings,
  };
}

/** The settings' names whose values differ. */
function changedFields(before: EventSettings, after: EventSettings): string[] {
  return eventSettingsFields.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

/**
 * Replaces the current edition's settings; the change is recorded with its account and the
 * fields it changed. Nothing is written when nothing changed. `alsoDo` runs in the same
 * transaction once the settings are written (the seats a change frees given to the waiting list,
 * so that no crash can leave them saved free next to someone waiting).
 */
export async function updateCurrentSettings(
  db: Kysely<Database>,
  settings: EventSettings,
  actor: Actor,
  alsoDo?: (trx: Transaction<Database>, fields: readonly string[]) => Promise<void>,
): Promise<{ edition: StoredEdition; fields: string[] }> {
  return db.transaction().execute(async (trx) => {
    await lockEditions(trx);
    const current = await readCurrentEdition(trx);
    const fields = changedFields(current.settings, settings);
    if (fields.length === 0) return { edition: current, fields };
    const at = new Date().toISOString();
    const row = await trx
      .updateTable('events')
      .set((eb) => ({
        settings: JSON.stringify(settings),
        revision: eb('revision', '+', 1),
        updated_at: at,
      }))
      .where('id', '=', current.id)
      .returning(eventColumns)
      .executeTakeFirstOrThrow();
    const edition = toEdition(row);
    await recordChange(trx, edition.id, 'updated', fields, actor, at);
    await alsoDo?.(trx, fields);
    await announce(trx, edition);
    return { edition, fields };
  });
}

/** A new edition's date and time, on its time zone's clocks, are not after now. */
export class PastEditionDateError extends Error {
  constructor(readonly timeZone: string) {
    super('a new edition cannot start in the past');
  }
}

/**
 * 'Nova edição': a new current edition, starting from the current one's settings with the given
 * date (and name and time). The one that was current becomes past; its registrations stay with it.
 * PastEditionDateError, and nothing written, when it would start at or before `now`.
 */
export async function createEdition(
  db: Kysely<Database>,
  body: NewEdition,
  actor: Actor,
  now = new Date(),
): Promise<StoredEdition> {
  return db.transaction().execute(async (trx) => {
    await lockEditions(trx);
    const previous = await readCurrentEdition(trx);
    const given = Object.fromEntries(
      Object.entries(body).filter(([, value]) => value !== undefined),
    ) as Partial<EventSettings>;
    const settings: EventSettings = { ...previous.settings, ...given };
    // Decided with the editions held: the time zone is the one the new edition copies.
    if (startsInThePast(settings, now)) throw new PastEditionDateError(settings.timeZone);
    const at = now.toISOString();
    await trx.updateTable('events').set({ is_current: 0 }).where('id', '=', previous.id).execute();
    const row = await trx
      .insertInto('events')
      .values({
        id: randomUUID(),
        settings: JSON.stringify(settings),
        is_current: 1,
        created_at: at,
        updated_at: at,
      })
      .returning(eventColumns)
      .executeTakeFirstOrThrow();
    const edition = toEdition(row);
    await recordChange(trx, edition.id, 'created', Object.keys(given), actor, at);
    await announce(trx, edition);
    return edition;
  });
}

/** The edition's changes, oldest first; undefined for an edition that does not exist. */
export async function editionChanges(
  db: Kysely<Database>,
  id: string,
): Promise<EventChange[] | undefined> {
  if (!(await readEdition(db, id))) return undefined;
  const rows = await db
    .selectFrom('event_changes')
    .select(['id', 'event_id', 'action', 'fields', 'actor', 'at'])
    .where('event_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    eventChangeSchema.parse({
      id: Number(row.id),
      edition_id: row.event_id,
      action: row.action,
      fields: JSON.parse(row.fields) as unknown,
      actor: row.actor,
      at: row.at,
    }),
  );
}
