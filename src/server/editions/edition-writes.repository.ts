// Changing editions (table events, decision 0110): the first edition's seed, a settings save and
// 'Nova edição'. Each is one transaction that bumps the edition's revision, records who changed
// which fields (event_changes) and, on PostgreSQL, notifies every instance at commit (channel
// event_changed), so each re-renders its pages (editions.ts).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  sameEditionName,
  type EventChangeAction,
  type NewEdition,
} from '../../shared/edition.schema.ts';
import { eventSettingsFields } from '../../shared/event-settings.schema.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { askedQuestions } from '../../shared/form-questions.ts';
import type { Actor } from '../audit/actor.ts';
import { lockEditions } from '../db/current-edition.ts';
import { isPostgres } from '../db/dialect.ts';
import { channels } from '../db/postgres-listener.ts';
import type { Database } from '../db/schema.ts';
import { startsInThePast } from './edition-date.ts';
import {
  eventColumns,
  readCurrentEdition,
  readEditions,
  toEdition,
  type StoredEdition,
} from './editions.repository.ts';

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

/** The settings' names whose values differ. */
function changedFields(before: EventSettings, after: EventSettings): string[] {
  return eventSettingsFields.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

/** The settings were saved by someone else (or another edition made current) since they were read. */
export class SettingsChangedError extends Error {
  constructor() {
    super('the settings changed since the save read them');
  }
}

/**
 * Replaces the current edition's settings; the change is recorded with its account and the
 * fields it changed. Nothing is written when nothing changed. `alsoDo` runs in the same
 * transaction once the settings are written (the seats a change frees given to the waiting list,
 * so that no crash can leave them saved free next to someone waiting). `writtenOver`, decided
 * with the editions held: whether the save may go over the edition as it is now; otherwise
 * SettingsChangedError and nothing written (decision 0215).
 */
export async function updateCurrentSettings(
  db: Kysely<Database>,
  /** The new settings, or how to make them from the current ones (held: no save in between). */
  settingsOrChange:
    | EventSettings
    | ((
        current: EventSettings,
        trx: Transaction<Database>,
      ) => EventSettings | Promise<EventSettings>),
  actor: Actor,
  alsoDo?: (trx: Transaction<Database>, fields: readonly string[]) => Promise<void>,
  writtenOver: (current: StoredEdition) => boolean = () => true,
): Promise<{ edition: StoredEdition; fields: string[] }> {
  return db.transaction().execute(async (trx) => {
    await lockEditions(trx);
    const current = await readCurrentEdition(trx);
    if (!writtenOver(current)) throw new SettingsChangedError();
    const settings =
      typeof settingsOrChange === 'function'
        ? await settingsOrChange(current.settings, trx)
        : settingsOrChange;
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

/** Another edition, current or past, already has the new edition's name. */
export class DuplicateEditionNameError extends Error {
  constructor() {
    super('an edition with this name exists');
  }
}

/**
 * 'Nova edição': a new current edition, starting from the current one's settings with the given
 * date and name (and time). The one that was current becomes past; its registrations stay with it.
 * PastEditionDateError, and nothing written, when it would start at or before `now`;
 * DuplicateEditionNameError when an edition has its name already (decision 0217).
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
    // The questions as the form asks them: an archived one is there only for its answers, which
    // stay with the edition they were given in (issue 34.6).
    const questions = askedQuestions(previous.settings.questions);
    const settings: EventSettings = { ...previous.settings, questions, ...given };
    // Decided with the editions held: the time zone is the one the new edition copies.
    if (startsInThePast(settings, now)) throw new PastEditionDateError(settings.timeZone);
    const editions = await readEditions(trx);
    if (editions.some((edition) => sameEditionName(edition.settings.name, settings.name))) {
      throw new DuplicateEditionNameError();
    }
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
