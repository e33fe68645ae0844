// The live stream lasts only as long as the admin session behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths.ts';
import { hashSessionId } from '../admin/sessions.repository.ts';
import { loginAsAdmin } from '../test-support/admin-session.ts';
import {
  startTestServer,
  validRegistration,
  type TestServer,
} from '../test-support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** An open event stream; `until` resolves with the text read once it matches, or on the end. */
async function openStream(cookie: string) {
  const response = await server.request(api.adminEvents, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  return {
    get ended() {
      return ended;
    },
    /** Reads until the text matches or the stream ends; fails after timeoutMs. */
    async until(match: (text: string) => boolean, timeoutMs: number): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!ended && !match(text)) {
        const timeLeft = deadline - Date.now();
        if (timeLeft <= 0) throw new Error(`stream still open after ${timeoutMs} ms: ${text}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeLeft)),
        ]);
        if (chunk === 'timeout') continue;
        if (chunk.done) ended = true;
        else text += chunk.value;
      }
      return text;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

const sessionHash = (cookie: string) => hashSessionId(cookie.split('=')[1]!);

describe('GET /api/admin/events and the session', () => {
  it('closes the stream at once on logout, and leaves other sessions streaming', async () => {
    const mine = await loginAsAdmin(server);
    const other = await loginAsAdmin(server);
    const stream = await openStream(mine.cookie);
    const otherStream = await openStream(other.cookie);
    await stream.until((text) => text.includes(': connected'), 5_000);
    await otherStream.until((text) => text.includes(': connected'), 5_000);

    const logout = await server.request(api.adminLogout, {
      method: 'POST',
      headers: { cookie: mine.cookie },
    });
    expect(logout.status).toBe(204);
    await stream.until(() => false, 2_000).catch(() => undefined);
    expect(stream.ended).toBe(true);

    const created = await server.request(api.registrations, {
      method: 'POST',
      json: validRegistration(),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const seen = await otherStream.until((text) => text.includes(id), 5_000);
    expect(seen).toContain('event: change');
    expect(otherStream.ended).toBe(false);
    await otherStream.cancel();

    // Reconnecting with the old cookie is refused.
    const again = await server.request(api.adminEvents, { headers: { cookie: mine.cookie } });
    expect(again.status).toBe(401);
  });

  it('closes within a heartbeat when the session is deleted elsewhere or expires', async () => {
    const deleted = await loginAsAdmin(server);
    const expired = await loginAsAdmin(server);
    const deletedStream = await openStream(deleted.cookie);
    const expiredStream = await openStream(expired.cookie);
    await deletedStream.until((text) => text.includes(': connected'), 5_000);
    await expiredStream.until((text) => text.includes(': connected'), 5_000);

    // Another instance logs the first one out; the second goes idle past the 8 h timeout.
    const db = server.app.db.kysely;
    await db.deleteFrom('sessions').where('id_hash', '=', sessionHash(deleted.cookie)).execute();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 9 * 60 * 60_000).toISOString() })
      .where('id_hash', '=', sessionHash(expired.cookie))
      .execute();

    // The heartbeat (every 10 s) re-checks the session.
    await Promise.all([
      deletedStream.until(() => false, 15_000).catch(() => undefined),
      expiredStream.until(() => false, 15_000).catch(() => undefined),
    ]);
    expect(deletedStream.ended).toBe(true);
    expect(expiredStream.ended).toBe(true);
  }, 30_000);
});
