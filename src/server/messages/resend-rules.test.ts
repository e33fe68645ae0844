// Sending a message again, as the organizer asks it (issue 31.5): a refusal names its real reason
// (WhatsApp is on, but only the ticket goes by it: not `channel_off`), the bulk limit speaks of
// resending, and each copy asked for is in the registration's audit trail: who, when, which.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { auditEntrySchema, type AuditEntry } from '../../shared/audit.schema.ts';
import { bulkConfirmLimit } from '../../shared/message.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { listMessages } from '#test/api/messages.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv, startTestGraphApi, type TestGraphApi } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

let graph: TestGraphApi;
let smtp: TestSmtp;
let server: TestServer;
let admin: TestSession;

beforeAll(async () => {
  graph = await startTestGraphApi();
  smtp = await startTestSmtp();
  server = await startTestServer(sendingEnv({ smtp: smtp.url, graph }));
  admin = await startSession(server.app.db.kysely);
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
  await smtp?.close();
});

function resend(id: string, body: unknown) {
  return server.request(withId(api.adminMessages, id), {
    method: 'POST',
    headers: { cookie: admin.cookie },
    json: body,
  });
}

async function trail(id: string): Promise<AuditEntry[]> {
  const response = await server.request(withId(api.adminAudit, id), {
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  return auditEntrySchema.array().parse(await response.json());
}

let phoneCounter = 0;
function confirmed() {
  phoneCounter += 1;
  return registerConfirmed(server, admin.cookie, {
    whatsapp: `+1508555${String(3000 + phoneCounter)}`,
  });
}

describe('a message asked again', () => {
  it('says WhatsApp carries only the ticket, when WhatsApp is on', async () => {
    const person = await confirmed();
    for (const kind of ['received', 'cancelled']) {
      const refused = await resend(person.id, { channel: 'whatsapp', kind });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: { code: 'not_on_channel', message: errorTable.notOnChannel.message },
      });
    }
    expect(errorTable.notOnChannel.message).toBe(
      'Pelo WhatsApp só vai o ingresso: esta mensagem é enviada apenas por e-mail.',
    );
    expect((await resend(person.id, { channel: 'whatsapp', kind: 'ticket' })).status).toBe(202);
  });

  it('is in the audit trail: who asked, when, which message', async () => {
    const person = await confirmed();
    const before = new Date().toISOString();
    expect((await resend(person.id, { channel: 'email', kind: 'ticket' })).status).toBe(202);
    const resent = (await trail(person.id)).filter((e) => e.action === 'message_resent');
    expect(resent).toEqual([
      expect.objectContaining({
        actor: admin.email,
        message: { channel: 'email', kind: 'ticket' },
      }),
    ]);
    expect(resent[0]!.at >= before).toBe(true);
    // The other entries say nothing of a message.
    expect((await trail(person.id)).find((e) => e.action === 'confirmed')?.message).toBeNull();
  });

  it('in bulk, leaves an entry for each copy it queued', async () => {
    const refusedAddress = `recusado.${randomUUID()}@exemplo.com`;
    smtp.refuse(refusedAddress);
    const person = await registerConfirmed(server, admin.cookie, { email: refusedAddress });
    await expect
      .poll(async () =>
        (await listMessages(server, admin.cookie, person.id))
          .filter((m) => m.channel === 'email')
          .map((m) => m.status),
      )
      .toEqual(['failed', 'failed']);
    const bulk = await server.request(api.adminBulkResend, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { ids: [person.id] },
    });
    expect(await bulk.json()).toEqual({ queued: 1, past_edition: 0 });
    const resent = (await trail(person.id)).filter((e) => e.action === 'message_resent');
    expect(resent).toEqual([
      expect.objectContaining({
        actor: admin.email,
        message: { channel: 'email', kind: 'ticket' },
      }),
    ]);
  });

  it('in bulk, past its limit, says how many can be resent at once', async () => {
    const tooMany = await server.request(api.adminBulkResend, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { ids: Array.from({ length: bulkConfirmLimit + 1 }, () => randomUUID()) },
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.fields.ids).toBe(
      'Reenvie as mensagens de no máximo 5000 inscrições de uma vez.',
    );
  });
});
