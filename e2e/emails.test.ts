// The two e-mails as a phone's mail client shows them: each HTML part in Chromium at 360 px (the
// inline QR image put back from its attachment, as a mail client does for cid:), no sideways
// scrolling, nothing fetched from the network, and no axe violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { api, withId } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { register, startTestServer, type TestServer } from '#test/servers/test-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: TestBrowser;
let mails: ParsedMail[];

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(sendingEnv({ smtp: smtp.url }));
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  const { cookie } = await startSession(server.app.db.kysely);
  const registration = await register(server, {
    nome_completo: 'Maria Aparecida dos Santos Oliveira de Albuquerque',
    nome_compania: 'Construtora e Incorporadora Horizonte Sustentável Ltda.',
  });
  await server.request(withId(api.adminConfirm, registration.id), {
    method: 'POST',
    headers: { cookie },
  });
  mails = await smtp.waitFor(2);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe.each(['Recebemos sua inscrição no Build Safe', 'Seu ingresso para o Build Safe'])(
  'the e-mail "%s"',
  (subject) => {
    it('reads on a 360 px screen with nothing remote, and axe finds nothing', async () => {
      const mail = mails.find((m) => m.subject === subject)!;
      let html = String(mail.html);
      for (const attachment of mail.attachments) {
        if (!attachment.cid) continue;
        const data = `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`;
        html = html.replaceAll(`cid:${attachment.cid}`, data);
      }
      const page = await browser.newPage();
      const remote: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('data:') && request.url() !== 'about:blank') {
          remote.push(request.url());
        }
      });
      await page.setContent(html);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      const images = await page
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0));
      expect(images.every(Boolean)).toBe(true);
      expect(remote).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  },
);
