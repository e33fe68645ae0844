// The event moved to a given instant, as the panel saves it: door entries count as attendance only
// within its window (decision 0212), so tests that check people in "now" or "yesterday" hold the
// event then.
import { TZDate } from '@date-fns/tz';
import { expect } from 'vitest';
import type { EventSettings } from '../../src/shared/event-settings.schema.ts';
import { api } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';

const pad = (part: number) => String(part).padStart(2, '0');

/** Saves the event to start at `at` on its own clocks; resolves with the settings saved. */
export async function eventStartingAt(
  server: TestServer,
  adminCookie: string,
  at: number,
): Promise<EventSettings> {
  const read = await server.request(api.adminEvent, { headers: { cookie: adminCookie } });
  const settings = (await read.json()) as EventSettings;
  const there = new TZDate(at, settings.timeZone);
  const response = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: adminCookie },
    json: {
      ...settings,
      date: `${there.getFullYear()}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}`,
      time: `${pad(there.getHours())}:${pad(there.getMinutes())}`,
    },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EventSettings;
}
