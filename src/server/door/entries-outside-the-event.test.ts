// Door staff practising a month before the event (issue 31.9), on SQLite and PostgreSQL: the entry
// is stored and shown like any other, and the event's window of attendance (decision 0212) tells
// it apart from an entry made at the event, on the times the server really stores.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  attendancePhase,
  attendanceWindow,
  countsAsAttendance,
} from '../../shared/attendance-window.ts';
import { buildCsv } from '../../shared/csv.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import type { Registration } from '../../shared/registration.schema.ts';
import { postCheckIn, registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const dayMs = 24 * 60 * 60_000;
// Recife keeps UTC−3 all year: its wall clock is UTC moved back three hours.
const timeZone = 'America/Recife';
function recifeClock(at: number) {
  const iso = new Date(at - 3 * 60 * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

describe.each([['SQLite'], ['PostgreSQL']])('entries outside the event on %s', (engine) => {
  let database: TempPostgres | undefined;
  let server: TestServer;
  let admin: TestSession;
  let door: TestSession;

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createTempPostgres();
    server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    admin = await startSession(server.app.db.kysely);
    door = await startSession(server.app.db.kysely, { role: 'door' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function event(): Promise<EventSettings> {
    const response = await server.request(api.adminEvent, { headers: { cookie: admin.cookie } });
    return (await response.json()) as EventSettings;
  }
  /** The event moved to start at `at` (on Recife's clocks), as the panel saves it. */
  async function eventAt(at: number): Promise<EventSettings> {
    const settings = { ...(await event()), ...recifeClock(at), timeZone, durationMinutes: 240 };
    const response = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: settings,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as EventSettings;
  }
  async function letIn(person: { ticket_code: string }) {
    const response = await postCheckIn(server, door.cookie, { code: person.ticket_code });
    expect(response.status).toBe(200);
  }

  it('counts an entry at the event, not one a month early; the list and the CSV keep both', async () => {
    const practice = await registerConfirmed(server, admin.cookie, {
      nome_completo: `Treino ${engine}`,
      email: `treino.${engine.toLowerCase()}.${Date.now()}@exemplo.com`,
    });
    const guest = await registerConfirmed(server, admin.cookie, {
      nome_completo: `Convidada ${engine}`,
      email: `convidada.${engine.toLowerCase()}.${Date.now()}@exemplo.com`,
    });

    // The event starts now; a month ago, on the server's clock, the door was tried out on a real
    // ticket (only Date moves: the server's timers and sockets run as ever).
    const today = await eventAt(Date.now());
    expect(attendancePhase(attendanceWindow(today), Date.now())).toBe('during');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 30 * dayMs });
    try {
      expect(attendancePhase(attendanceWindow(today), Date.now())).toBe('before');
      await letIn(practice);
    } finally {
      vi.useRealTimers();
    }
    await letIn(guest);

    const response = await server.request(api.adminRegistrations, {
      headers: { cookie: admin.cookie },
    });
    const list = (await response.json()) as Registration[];
    const stored = (id: string) => list.find((r) => r.id === id)!;
    // Both entries are kept and shown (the card reads checked_in_at).
    const practisedAgo = Date.now() - Date.parse(stored(practice.id).checked_in_at!);
    expect(Math.round(practisedAgo / dayMs)).toBe(30);
    expect(stored(guest.id).checked_in_at).toEqual(expect.any(String));

    const window = attendanceWindow(await event());
    expect(countsAsAttendance(stored(practice.id).checked_in_at, window)).toBe(false);
    expect(countsAsAttendance(stored(guest.id).checked_in_at, window)).toBe(true);

    // The CSV is every registration as it is, whatever the window says.
    const csv = buildCsv([stored(practice.id), stored(guest.id)], await event());
    expect(csv).toContain(`"Treino ${engine}"`);
    expect(csv).toContain(`"Convidada ${engine}"`);
    expect(csv.match(/"Confirmado"/g)).toHaveLength(2);
  });
});
