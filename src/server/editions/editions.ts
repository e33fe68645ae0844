// What this instance knows of the editions: the current one (its settings, read by everything
// that shows the event) and, on demand, a past one's (a past ticket's page, its messages). It is
// read again after each change: this instance's own (the routes call changed() after their
// commit) and, on PostgreSQL, every other instance's (NOTIFY on event_changed, and after the
// listening connection comes back, when notifications may have been lost). Each time the current
// edition's revision differs from the one held, the listeners run (the pages are rendered again),
// one change at a time: once per change, never per request (decision 0111).
import type { FastifyBaseLogger } from 'fastify';
import { eventSettingsFields, type EventSettings } from '../../shared/event-settings.schema.ts';
import { defaultEvent } from '../../shared/event.ts';
import type { Db } from '../db/database.ts';
import { channels, type PostgresListener } from '../db/postgres-listener.ts';
import { seedFirstEdition } from './edition-writes.repository.ts';
import { readCurrentEdition, readEdition, type StoredEdition } from './editions.repository.ts';

export type EditionListener = (current: StoredEdition, previous: StoredEdition) => Promise<void>;

export interface Editions {
  /** The edition the site serves, as this instance last read it. */
  current(): StoredEdition;
  /** An edition's settings (the current one's included); undefined for an unknown id. */
  settingsOf(id: string): Promise<EventSettings | undefined>;
  /** This instance committed a change: read it now; settles once the listeners have run. */
  changed(): Promise<void>;
  /** Runs after each change to the current edition (its settings, or another one current). */
  onChange(listener: EditionListener): () => void;
  close(): void;
}

export interface EditionsOptions {
  db: Db;
  log: FastifyBaseLogger;
  listener?: PostgresListener;
  /** The first edition's settings when the database has none yet (EVENT_CONFIG over defaults). */
  seed: EventSettings;
}

export async function openEditions({
  db,
  log,
  listener,
  seed,
}: EditionsOptions): Promise<Editions> {
  // The history names the fields that differ from the defaults: what EVENT_CONFIG set.
  const given = eventSettingsFields.filter(
    (field) => JSON.stringify(seed[field]) !== JSON.stringify(defaultEvent[field]),
  );
  if (await seedFirstEdition(db.kysely, seed, given)) {
    log.info(
      given.length > 0
        ? `the first edition took its settings from EVENT_CONFIG (${given.join(', ')}) and the defaults`
        : 'the first edition took its settings from the defaults',
    );
  }
  let current = await readCurrentEdition(db.kysely);
  /** Past editions' settings: they no longer change once another edition is current. */
  const past = new Map<string, EventSettings>();
  const listeners = new Set<EditionListener>();
  let queue: Promise<void> = Promise.resolve();

  async function reread() {
    const next = await readCurrentEdition(db.kysely);
    if (next.id === current.id && next.revision === current.revision) return;
    const previous = current;
    current = next;
    past.delete(next.id);
    for (const listener of listeners) {
      try {
        await listener(next, previous);
      } catch (error) {
        log.error({ err: error }, 'applying a change to the event failed');
      }
    }
  }

  /** One reading at a time, in order: each runs after the changes before it were applied. */
  function refresh(): Promise<void> {
    queue = queue.then(reread).catch((error: unknown) => {
      log.error({ err: error }, 'reading the current edition failed');
    });
    return queue;
  }

  const unsubscribe = listener
    ? [listener.on(channels.eventChanged, () => void refresh()), listener.onReconnected(refresh)]
    : [];

  return {
    current: () => current,
    async settingsOf(id) {
      if (id === current.id) return current.settings;
      const known = past.get(id);
      if (known) return known;
      const edition = await readEdition(db.kysely, id);
      if (!edition) return undefined;
      // Current elsewhere already (this instance has not heard yet): not kept, it may change.
      if (!edition.current) past.set(id, edition.settings);
      return edition.settings;
    },
    changed: refresh,
    onChange(added) {
      listeners.add(added);
      return () => listeners.delete(added);
    },
    close() {
      for (const stop of unsubscribe) stop();
      listeners.clear();
    },
  };
}
