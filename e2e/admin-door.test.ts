// The panel's side of event day, in Chromium against the real server: door accounts managed from
// the panel's 'Contas da portaria' screen with the door's address and its QR code (read back by a
// real decoder), each card's check-in state and its undo, and each registration's history.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { cancelAsThePerson } from '../src/server/attendees/attendee-cancellation.ts';
import { attendeeCancel, paths, withCode } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin, animationsDone, card, openPanel } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { checkInElsewhere, confirmedRegistration, storedCheckIn } from '#test/browser/door.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { startSession } from '#test/api/sessions.ts';

prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    ).buffer as ArrayBuffer,
  },
});

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startAppServer(admin);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('door accounts in the panel', () => {
  it('creates one (field errors first), lists it, and removes it', async () => {
    browser.problems.length = 0;
    const page = await browser.newPage();
    await openPanel(page, server);
    // In the top menu: a screen of its own, with the door's full address and its QR code.
    await page
      .getByRole('navigation', { name: 'Seções do painel' })
      .getByRole('link', { name: 'Contas da portaria' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Contas da portaria' }).waitFor();
    const doorUrl = new URL(paths.door, server.url).href;
    await page.getByRole('link', { name: doorUrl, exact: true }).waitFor();
    const qr = page.getByRole('img', { name: `Código QR do endereço ${doorUrl}` });
    await qr.waitFor();
    const read = await readBarcodes(new Uint8Array(await qr.screenshot()), {
      formats: ['QRCode'],
    });
    expect(read.map((result) => result.text)).toEqual([doorUrl]);
    const section = page.getByRole('region', { name: 'Contas da portaria' });
    await section.getByText('Nenhuma conta da portaria ainda.').waitFor();

    await section.getByLabel('E-mail').fill('portaria');
    await section.getByLabel('Senha').fill('curta');
    await section.getByRole('button', { name: 'Criar conta' }).click();
    await section.getByText('Informe um e-mail válido, como portaria@exemplo.com.').waitFor();
    await section.getByText('A senha precisa de pelo menos 12 caracteres.').waitFor();

    const email = `porta.${process.pid}@exemplo.com`;
    await section.getByLabel('E-mail').fill(email);
    await section.getByLabel('Senha').fill('senha-da-porta-principal');
    await section.getByRole('button', { name: 'Criar conta' }).click();
    await section.getByText(email, { exact: true }).waitFor();
    const stored = await server.app.db.kysely
      .selectFrom('accounts')
      .select(['role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe('door');
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: `Remover ${email}` }).click();
    await section.getByText(email, { exact: true }).waitFor({ state: 'detached' });
    const left = await server.app.db.kysely
      .selectFrom('accounts')
      .select(['id'])
      .where('email', '=', email)
      .execute();
    expect(left).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});

describe('each card', () => {
  it('shows the check-in state and time live, and the history of who did what', async () => {
    browser.problems.length = 0;
    const ana = await confirmedRegistration(server, { nome_completo: 'Ana Histórico' });
    const page = await browser.newPage();
    await openPanel(page, server);
    const anaCard = card(page, 'Ana Histórico');
    await anaCard.getByText('Ainda não entrou').waitFor();

    const door = await checkInElsewhere(server, ana.ticket_code);
    await anaCard.getByText(new RegExp(`Entrou em .*\\(${door.email}\\)`)).waitFor();
    await page.getByText(/· 1 entrou$/).waitFor();

    await anaCard.getByRole('button', { name: 'Histórico' }).click();
    await anaCard.getByText(/confirmou a inscrição/).waitFor();
    await anaCard.getByText(`${door.email} registrou a entrada`, { exact: false }).waitFor();
    expect(
      await anaCard
        .getByRole('button', { name: 'Ocultar histórico' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it("takes back a person's entry for an admin, whoever let them in, and says who did it", async () => {
    browser.problems.length = 0;
    const bia = await confirmedRegistration(server, { nome_completo: 'Bia Desfeita' });
    const page = await browser.newPage();
    await openPanel(page, server);
    const biaCard = card(page, 'Bia Desfeita');
    await biaCard.getByText('Ainda não entrou').waitFor();
    // Not in: nothing to take back.
    expect(await biaCard.getByRole('button', { name: 'Desfazer entrada' }).count()).toBe(0);

    const door = await checkInElsewhere(server, bia.ticket_code);
    await biaCard.getByText(new RegExp(`Entrou em .*\\(${door.email}\\)`)).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await biaCard.getByRole('button', { name: 'Desfazer entrada' }).click();
    await biaCard.getByText('Ainda não entrou').waitFor();
    expect(await storedCheckIn(server, bia.id)).toEqual({
      checked_in_at: null,
      checked_in_by: null,
    });
    expect(await biaCard.getByRole('button', { name: 'Desfazer entrada' }).count()).toBe(0);

    await biaCard.getByRole('button', { name: 'Histórico' }).click();
    await biaCard.getByText(/desfez a entrada/).waitFor();
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('says how the person cancelled: through their own link, or on WhatsApp', async () => {
    browser.problems.length = 0;
    // Before the event: the person can still cancel.
    const session = await startSession(server.app.db.kysely);
    await eventStartingAt(server, session.cookie, Date.now() + 2 * 24 * 60 * 60_000);
    const byLink = await confirmedRegistration(server, { nome_completo: 'Caio Pelo Link' });
    const byReply = await confirmedRegistration(server, { nome_completo: 'Dora Pelo Zap' });
    const tokenOf = async (id: string) =>
      (
        await server.app.db.kysely
          .selectFrom('registrations')
          .select('personal_token')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).personal_token!;
    // Their page's confirmation step, posted as its form does.
    const posted = await server.request(withCode(attendeeCancel, await tokenOf(byLink.id)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    // 'Sim, cancelar' on WhatsApp goes this way once the webhook matched the tap
    // (whatsapp-replies.test.ts delivers it): the same path, naming the message answered.
    expect(
      await cancelAsThePerson(server.app, await tokenOf(byReply.id), {
        answered: { kind: 'cancel_check', channel: 'whatsapp' },
      }),
    ).toBe('cancelled');

    const page = await browser.newPage();
    await openPanel(page, server);
    for (const [name, said] of [
      ['Caio Pelo Link', 'a própria pessoa cancelou a inscrição pelo link pessoal'],
      ['Dora Pelo Zap', 'a própria pessoa cancelou a inscrição pelo WhatsApp'],
    ] as const) {
      const personCard = card(page, name);
      await personCard.getByRole('button', { name: 'Histórico' }).click();
      await personCard.getByText(said, { exact: false }).waitFor();
    }
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});
