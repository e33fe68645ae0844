// The person's own page (issue 36.6, 36.8), in Chromium against the real server: once their
// certificate is issued, 'Baixar certificado' downloads it by the token alone, and the file read
// back by pdftotext names them, the event and the code; revoked, the link is gone; axe clean.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, withId } from '../src/shared/paths.ts';
import { certificatesOn } from '#test/api/certificates.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { animationsDone } from '#test/browser/admin-panel.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import type { TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let browser: TestBrowser;
let admin: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  admin = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it("downloads the person's certificate from their page, a PDF that reads back with their name and code", async () => {
  browser.problems.length = 0;
  const settings = await certificatesOn(server, admin.cookie);
  const answer = await server.request(api.registrations, {
    method: 'POST',
    json: validRegistration({ nome_completo: 'Conceição Araújo Ñandú' }),
  });
  const { id, personal_page: personalPage } = (await answer.json()) as {
    id: string;
    personal_page: string;
  };
  const asAdmin = { headers: { cookie: admin.cookie } };
  expect(
    (await server.request(withId(api.adminConfirm, id), { method: 'POST', ...asAdmin })).status,
  ).toBe(200);
  const page = await browser.newPage();
  const personalUrl = server.url + new URL(personalPage).pathname;
  await page.goto(personalUrl);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Baixar certificado' }).count()).toBe(0);

  const issued = await server.request(withId(api.adminRegistrationCertificate, id), {
    method: 'POST',
    ...asAdmin,
  });
  expect(issued.status).toBe(201);
  const { code } = (await issued.json()) as { code: string };
  await page.reload();
  const link = page.getByRole('link', { name: 'Baixar certificado' });
  await link.waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`certificado-${code}.pdf`);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Conceição Araújo Ñandú');
  expect(text).toContain(settings.name);
  expect(text).toContain(code);

  // Revoked: the page offers it no more.
  expect(
    (
      await server.request(withId(api.adminRegistrationCertificate, id), {
        method: 'DELETE',
        ...asAdmin,
      })
    ).status,
  ).toBe(204);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Baixar certificado' }).count()).toBe(0);
  expect(browser.problems).toEqual([]);
  await page.close();
});
