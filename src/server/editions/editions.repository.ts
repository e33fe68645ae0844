// Reading editions (table events, decision 0110): each one's settings as JSON, which one is
// current, and who changed what (event_changes). Changing them: edition-writes.repository.ts.
import type { Kysely, Transaction } from 'kysely';
import { eventChangeSchema, type Edition, type EventChange } from '../../shared/edition.schema.ts';
import { defaultEvent } from '../../shared/event.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { isCurrent } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';

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

export function toEdition(row: EventRow): StoredEdition {
  return {
    id: row.id,
    settings: parseSettings(row.settings),
    revision: Number(row.revision),
    current: Number(row.is_current) === 1,
    createdAt: row.created_at,
  };
}

export const eventColumns = ['id', 'settings', 'revision', 'is_current', 'created_at'] as const;

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
      (eb) =>
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when('registrations.status', 'in', ['pending', 'confirmed'])
              .then(1)
              .else(0)
              .end(),
          )
          .as('pending_or_confirmed'),
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
  return rows.map((row) =>
    toApiEdition(toEdition(row), {
      registrations: Number(row.registrations),
      pendingOrConfirmed: Number(row.pending_or_confirmed ?? 0),
    }),
  );
}

export function toApiEdition(
  edition: StoredEdition,
  counts: { registrations: number; pendingOrConfirmed: number },
): Edition {
  return {
    id: edition.id,
    current: edition.current,
    created_at: edition.createdAt,
    registrations: counts.registrations,
    pending_or_confirmed: counts.pendingOrConfirmed,
    event: edition.settings,
  };
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
