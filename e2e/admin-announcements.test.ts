// 'Avisar inscritos' in Chromium against the real server and a real SMTP server (issue 35.4):
// the preview as a person reads it, 'Enviar teste' to the organizer's own address, the
// confirmation with the number of people, and the announcement counted in the list; axe clean,
// at 1280 px and on a 360 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { animationsDone, register, signIn } from '#test/browser/admin-panel.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { startSession } from '#test/api/sessions.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: TestBrowser;
let phone: TestBrowser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startAppServer(sendingEnv({ smtp: smtp.url }));
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  phone = await launchBrowser({ viewport: { width: 360, height: 740 } });
  await register(server, { nome_completo: 'Joana Prado' });
  await register(server, { nome_completo: 'Otávio Reis' });
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe("'Avisar inscritos'", () => {
  it('previews, sends a test, then sends to the chosen people after saying how many', async () => {
    browser.problems.length = 0;
    const page = await browser.newPage();
    const session = await startSession(server.app.db.kysely);
    await signIn(page, server, session);
    await page.goto(server.url + paths.admin);
    await page
      .getByRole('navigation', { name: 'Seções do painel' })
      .getByRole('link', { name: 'Avisar inscritos' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Avisar inscritos' }).waitFor();
    await page.getByText('Pendentes (2 pessoas)').waitFor();

    await page.getByLabel('Assunto').fill('Mudança de sala no {evento}');
    await page.getByLabel('Texto').fill('Olá, {nome}!\n\nAgora é no auditório 2.');
    const preview = page.getByRole('region', { name: 'Prévia' });
    await preview.getByText('Mudança de sala no Build Safe').waitFor();
    await preview.getByText('Olá, Maria da Silva!').waitFor();

    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await page.getByText(`Teste enviado para ${session.email}.`).waitFor();
    const [test] = await smtp.waitFor(3);
    const tests = smtp.received.filter((mail) => mail.subject?.startsWith('[Teste]'));
    expect(tests.map((mail) => mail.to && 'text' in mail.to && mail.to.text)).toEqual([
      session.email,
    ]);
    expect(test).toBeDefined();

    await page.getByRole('radio', { name: /Pendentes/ }).check();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Enviar aviso?' });
    await dialog.getByText('O aviso vai para 2 pessoas (Pendentes).', { exact: false }).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Enviar para 2 pessoas' }).click();

    const sent = page.getByRole('region', { name: 'Avisos enviados' });
    await sent.getByText('Mudança de sala no {evento}').waitFor();
    await sent.getByText('Enviado: 2', { exact: false }).waitFor({ timeout: 20_000 });
    const announced = smtp.received.filter((m) => m.subject === 'Mudança de sala no Build Safe');
    expect(announced).toHaveLength(2);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('fits a 360 px phone, axe clean', async () => {
    const page = await phone.newPage();
    await signIn(page, server, await startSession(server.app.db.kysely));
    await page.goto(`${server.url}${paths.admin}#avisos`);
    await page.getByRole('heading', { level: 2, name: 'Avisar inscritos' }).waitFor();
    await page.getByText('Pendentes (2 pessoas)').waitFor();
    await page.getByLabel('Texto').fill('Olá, {nome}!');
    await page.getByRole('region', { name: 'Prévia' }).getByText('Olá, Maria da Silva!').waitFor();
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.viewport).toBe(360);
    expect(widths.document).toBeLessThanOrEqual(360);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
