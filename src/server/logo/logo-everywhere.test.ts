// The logo on every page and e-mail the issue names (33.2), on a real server over HTTP with a real
// SMTP server, on SQLite and PostgreSQL: the three thank-you pages and a ticket page carry the
// <img> with its width and height (the landing and the form page: logo.test.ts), and each e-mail
// carries the picture inside it, shown by Content-ID at its size: no remote image (decision 0225).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  paths,
  thanksConfirmed,
  thanksWaitlisted,
  ticketPage,
  withCode,
  withId,
} from '../../shared/paths.ts';
import type { EventLogo } from '../../shared/event-logo.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: TestSession;
  let logo: EventLogo;
  let tag: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    let env: Record<string, string> = sendingEnv({ smtp: smtp.url });
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { ...env, DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
    const png = await sharp({
      create: { width: 600, height: 150, channels: 4, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const response = await server.request(api.adminEventLogo, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(response.status).toBe(200);
    logo = (await response.json()) as EventLogo;
    tag = `<img src="${logo.url}" width="480" height="120" alt="Logotipo de Build Safe"`;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('is on the three thank-you pages with its width and height', async () => {
    for (const path of [paths.thanks, thanksConfirmed, thanksWaitlisted]) {
      expect(await (await server.request(path)).text(), path).toContain(tag);
    }
  });

  it('is on a ticket page, and inside both e-mails at its size, by Content-ID', async () => {
    const registration = await register(server);
    const confirmed = await server.request(withId(api.adminConfirm, registration.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect(confirmed.status).toBe(200);
    const { ticket_code: code } = (await confirmed.json()) as { ticket_code: string };
    expect(await (await server.request(withCode(ticketPage, code))).text()).toContain(tag);

    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Recebemos sua inscrição no Build Safe',
      'Seu ingresso para o Build Safe',
    ]);
    const stored = Buffer.from(await (await server.request(logo.url)).arrayBuffer());
    for (const mail of mails) {
      const part = mail.attachments.find((attachment) => attachment.cid === 'evento-logo');
      expect(part?.contentType, mail.subject).toBe('image/png');
      expect(part?.content.equals(stored), mail.subject).toBe(true);
      // At most 56 px high in an e-mail: 480×120 shown at 224×56, the size in attributes.
      expect(String(mail.html), mail.subject).toMatch(
        /<img src="cid:evento-logo" alt="Logotipo de Build Safe" width="224" height="56"/,
      );
      expect(String(mail.html), mail.subject).not.toContain('/imagens/');
    }
  });
});
