// The live stream lasts only as long as the session behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { openLiveStream } from '#test/api/live-stream.ts';
import { startSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

// Short enough that an expiry shows within a fraction of a second.
const heartbeatMs = 50;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { config: { liveHeartbeatMs: heartbeatMs } });
});
afterAll(async () => {
  await server.close();
});

async function openReady(cookie: string) {
  const stream = await openLiveStream(server.url, cookie);
  expect(stream.response.status).toBe(200);
  await stream.next((message) => message.type === 'ready');
  return stream;
}

describe('GET /api/admin/events and the session', () => {
  it('closes the stream at once on logout, and leaves other sessions streaming', async () => {
    const mine = await startSession(server.app.db.kysely);
    const other = await startSession(server.app.db.kysely);
    const stream = await openReady(mine.cookie);
    const otherStream = await openReady(other.cookie);

    const logout = await server.request(api.adminLogout, {
      method: 'POST',
      headers: { cookie: mine.cookie },
    });
    expect(logout.status).toBe(204);
    await stream.end(2_000);

    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const change = await otherStream.next((message) => message.data.includes(id));
    expect(change.type).toBe('change');
    expect(otherStream.ended()).toBe(false);
    await otherStream.close();

    // Reconnecting with the old cookie is refused.
    const again = await server.request(api.adminLiveStream, { headers: { cookie: mine.cookie } });
    expect(again.status).toBe(401);
  });

  it('closes within a heartbeat when the session is deleted elsewhere or expires', async () => {
    const deleted = await startSession(server.app.db.kysely);
    const expired = await startSession(server.app.db.kysely);
    const kept = await startSession(server.app.db.kysely);
    const streams = await Promise.all([deleted, expired, kept].map((s) => openReady(s.cookie)));
    const [deletedStream, expiredStream, keptStream] = streams;

    // Another instance logs the first one out; the second goes idle past the 8 h timeout.
    const db = server.app.db.kysely;
    await db.deleteFrom('sessions').where('id_hash', '=', deleted.idHash).execute();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 9 * 60 * 60_000).toISOString() })
      .where('id_hash', '=', expired.idHash)
      .execute();

    await Promise.all([deletedStream!.end(2_000), expiredStream!.end(2_000)]);
    // The live session's stream goes on, its heartbeats arriving.
    await expect
      .poll(() => keptStream!.pings.length, {
        timeout: 2_000,
      })
      .toBeGreaterThan(2);
    // A message the page sees (a comment never reaches it), with the interval to expect.
    expect(keptStream!.pings[0]).toEqual({
      id: undefined,
      type: 'ping',
      data: String(heartbeatMs),
    });
    expect(keptStream!.ended()).toBe(false);
    await keptStream!.close();
  });
});
