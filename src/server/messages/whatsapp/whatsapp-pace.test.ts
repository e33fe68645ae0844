// The pace shared on one PostgreSQL database keeps its spacing when this process wakes late: a
// busy machine stalls the event loop, and the requests whose moments passed during the stall
// must not all leave together when it ends (Meta would count them in one second with the ones
// that follow on time). Three paces on one database, as three instances; a real stall.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { busiest } from '#test/stand-ins/graph-api.ts';
import { sharedWhatsappPace } from './whatsapp-pace.ts';

let database: TempPostgres;
const dbs: Db[] = [];
beforeAll(async () => {
  database = await createTempPostgres();
  for (let i = 0; i < 3; i++) dbs.push(await openDatabase(database.url));
}, 60_000);
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
  await database?.drop();
});

/** Blocks this process's event loop, as a busy machine or a long synchronous task does. */
function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing: the point is that no timer can run meanwhile.
  }
}

it('spaces the requests whose moment passed during a stall instead of sending them together', async () => {
  // Ten per 1.1 s, as the product paces 80 (its margin), counted as Meta counts: per second.
  const perWindow = 10;
  const paces = dbs.map((db) => sharedWhatsappPace(db.kysely, perWindow, 1_100));
  const departures: number[] = [];
  // Ten requests in flight per instance, as the outbox sends them.
  const requests = paces.flatMap((pace) =>
    Array.from({ length: 10 }, () => pace().then(() => departures.push(performance.now()))),
  );
  // Once a few have left, the loop stops for 450 ms: four moments pass meanwhile.
  await expect.poll(() => departures.length, { interval: 5 }).toBeGreaterThanOrEqual(4);
  stall(450);
  await Promise.all(requests);
  expect(departures).toHaveLength(30);
  expect(busiest(departures, 1_000)).toBeLessThanOrEqual(perWindow);
}, 60_000);
