// Certificates for API tests (issue 36): the event moved so that it has ended, certificates turned
// on with a signer, as the panel saves them; and people checked in within its window.
import { expect } from 'vitest';
import type { EventSettings } from '../../src/shared/event-settings.schema.ts';
import { api } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';
import { eventStartingAt } from './event-day.ts';

const hour = 60 * 60_000;

/** The event started `hoursAgo` hours ago (ended, by default), with certificates on or off. */
export async function certificatesOn(
  server: TestServer,
  adminCookie: string,
  { enabled = true, hoursAgo = 6 }: { enabled?: boolean; hoursAgo?: number } = {},
): Promise<EventSettings & { startedAt: number }> {
  const startedAt = Date.now() - hoursAgo * hour;
  const settings = await eventStartingAt(server, adminCookie, startedAt);
  const response = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: adminCookie },
    json: {
      ...settings,
      durationMinutes: 120,
      certificate: {
        ...settings.certificate,
        enabled,
        signers: [{ name: 'Zoë Façanha', role: 'Coordenação' }],
      },
    },
  });
  expect(response.status).toBe(200);
  return { ...((await response.json()) as EventSettings), startedAt };
}

/** Stores a door entry made at `at` (ms), as the door's route stores it. */
export async function checkedIn(server: TestServer, id: string, at: number): Promise<void> {
  await server.app.db.kysely
    .updateTable('registrations')
    .set({ checked_in_at: new Date(at).toISOString() })
    .where('id', '=', id)
    .execute();
}
