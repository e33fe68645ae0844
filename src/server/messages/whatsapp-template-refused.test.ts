// A ticket template Meta refuses as a whole (missing in the language, not approved yet, paused for
// low quality for some hours, disabled) fails every ticket the same way: the channel pauses with
// the reason on the panel, and the tickets wait, instead of each failing for good while the
// organizer confirms people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingStateSchema, type Message } from '../../shared/message.schema.ts';
import { api } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import {
  graphErrors,
  sendingEnv,
  startTestGraphApi,
  type TestGraphApi,
} from '#test/stand-ins/graph-api.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let graph: TestGraphApi;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer(sendingEnv({ graph }), {
    config: { outboxRetry: { baseMs: 300, pausedProbeMs: 300 } },
  });
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

async function whatsappOf(id: string): Promise<Message | undefined> {
  return (await listMessages(server, admin.cookie, id)).find((m) => m.channel === 'whatsapp');
}

async function pausedReason() {
  const response = await server.request(api.adminMessaging, {
    headers: { cookie: admin.cookie },
  });
  return messagingStateSchema.parse(await response.json()).whatsapp.paused?.message;
}

let phone = 9200;

describe('a ticket template Meta refuses as a whole', () => {
  it.each([
    {
      why: '132001: not in the language',
      answer: graphErrors.templateMissing,
      reason: 'não existe no idioma',
    },
    {
      why: '132015: paused for low quality',
      answer: { status: 400, code: 132015, title: 'Template is paused' },
      reason: 'pausou o modelo',
    },
  ])(
    'pauses the channel, and the tickets go once it is fixed ($why)',
    async ({ answer, reason }) => {
      graph.answerAll(answer);
      try {
        phone += 1;
        const registration = await registerConfirmed(server, admin.cookie, {
          whatsapp: `+1508555${phone}`,
        });
        await expect.poll(pausedReason).toContain(reason);
        await expect
          .poll(() => whatsappOf(registration.id))
          .toMatchObject({ status: 'queued', attempts: 0 });
        graph.answerAll(null);
        await expect
          .poll(async () => (await whatsappOf(registration.id))?.status, { timeout: 5000 })
          .toBe('sent');
        expect(await pausedReason()).toBeUndefined();
      } finally {
        graph.answerAll(null);
      }
    },
  );
});
