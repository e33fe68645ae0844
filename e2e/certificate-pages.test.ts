// A certificate's verification pages in Chromium (issue 36.5): valid, revoked and '/validar'
// with what a person types, at 360 px, no script run, axe clean, nothing the page policy blocks.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { certificateLookup, certificatePage, withCode } from '../src/shared/paths.ts';
import { newCertificateCode } from '../src/server/certificates/certificate-code.ts';
import {
  insertCertificate,
  revokeCertificate,
} from '../src/server/certificates/certificates.repository.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

let server: TestServer;
let browser: TestBrowser;
let pages: Page[] = [];
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  for (const page of pages) await page.close();
  pages = [];
  expect(browser.problems).toEqual([]);
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  pages.push(page);
  await page.goto(server.url + path);
  return page;
}

async function issued(): Promise<string> {
  const code = newCertificateCode();
  await insertCertificate(server.app.db.kysely, {
    code,
    registration_id: null,
    event_id: null,
    name: 'Conceição Araújo',
    event_name: 'Encontro de Ñandú e Zoë',
    event_date: '2026-12-06',
    minutes: 480,
    organizer: 'Associação Zoë',
    issued_at: '2026-12-06T21:00:00.000Z',
    revoked_at: null,
  });
  return code;
}

describe('the certificate pages', () => {
  it('show a valid certificate with what it certifies', async () => {
    const code = await issued();
    const page = await open(withCode(certificatePage, code));
    await expect
      .poll(() => page.getByRole('heading', { name: 'Certificado válido' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Conceição Araújo').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('8 horas').isVisible()).toBe(true);
    expect(await page.locator('script').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('show a revoked one as revoked', async () => {
    const code = await issued();
    await revokeCertificate(server.app.db.kysely, code, new Date());
    const page = await open(withCode(certificatePage, code));
    await expect
      .poll(() => page.getByRole('heading', { name: 'Certificado revogado' }).isVisible())
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("take a typed code from '/validar' to its page, and say when it is none", async () => {
    const code = await issued();
    const page = await open(certificateLookup);
    const field = page.getByLabel('Código do certificado');
    await field.fill('abcd');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => page.getByText('Código inválido').isVisible()).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await field.fill(code.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Certificado válido' }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe(withCode(certificatePage, code));
  });
});
