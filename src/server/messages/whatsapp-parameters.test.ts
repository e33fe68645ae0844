// The ticket template's body parameters as Meta takes them: a text parameter with a line break, a
// tab or more than 4 spaces in a row is refused with 132018 ("Param text cannot have new-line/tab
// characters or more than 4 consecutive spaces"), and the ticket would fail for good. Names typed
// with a run of spaces (a paste, a slip of the thumb) and event names saved so must still go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer(sendingEnv({ graph }));
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

/** What Meta refuses in a body parameter (132018). */
const refusedByMeta = /[\n\t]| {5,}/;

describe("the ticket template's body parameters", () => {
  it('carry no run of more than 4 spaces, from the name or the event name', async () => {
    const saved = await server.request(api.adminEvent, { headers: { cookie: admin.cookie } });
    const before = (await saved.json()) as EventSettings;
    const put = (settings: EventSettings) =>
      server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: admin.cookie },
        json: settings,
      });
    expect((await put({ ...before, name: 'Build      Safe 2025' })).status).toBe(200);
    try {
      const registration = await registerConfirmed(server, admin.cookie, {
        nome_completo: 'Maria      da Silva',
        whatsapp: '+15085559001',
      });
      const [request] = await graph.waitForSuccesses(1);
      const body = request!.body.template.components.find((c) => c.type === 'body')!;
      const texts = body.parameters.map((p) => p.text);
      for (const text of texts) expect(text).not.toMatch(refusedByMeta);
      expect(texts.slice(0, 2)).toEqual(['Maria da Silva', 'Build Safe 2025']);
      await expect
        .poll(async () => {
          const messages = await listMessages(server, admin.cookie, registration.id);
          return messages.find((m) => m.channel === 'whatsapp')?.status;
        })
        .toBe('sent');
    } finally {
      expect((await put(before)).status).toBe(200);
    }
  });
});
