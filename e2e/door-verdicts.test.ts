// What /portaria shows for each error the real server answers a check-in with: the door decides on
// the error's code (src/shared/api-error.ts), never on the status (two different 409s here). Each
// refusal is made real in the database as the button's request leaves the phone, before the server
// reads it: the screen may read its list again at any moment (its live stream starting after a
// slow start reloads it), and a list read after the change no longer offers the button.
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../src/shared/api-error.ts';
import { api } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { confirmedRegistration, openDoor, storedCheckIn, verdict } from '#test/browser/door.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startAppServer(admin);
  // No camera: the person is found by name, as at a door whose camera failed.
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The person's row in the search, found by their (unique) name. */
async function find(page: Page, name: string) {
  await page.getByLabel('Buscar por nome ou empresa').fill(name);
  await page.getByText('1 pessoa encontrada').waitFor();
  return page.getByRole('button', { name: 'Registrar entrada' });
}

async function doorWith(name: string, session?: TestSession) {
  const person = await confirmedRegistration(server, { nome_completo: name });
  const page = await browser.newPage();
  const door = await openDoor(page, server, session);
  return { person, page, door, button: await find(page, name) };
}

/** Makes `change` as the next check-in request leaves the page, then lets it reach the server. */
async function asCheckInLeaves(page: Page, change: () => Promise<unknown>) {
  await page.route(
    `**${api.doorCheckIns}`,
    async (route) => {
      await change();
      await route.continue();
    },
    { times: 1 },
  );
}

async function expectNoViolations(page: Page) {
  // An animation cancelled meanwhile (its element replaced by a newer render: the list read again,
  // 'Verificando...' giving way to the verdict) rejects `finished` with an AbortError: it is over.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
  );
  expect(await axeViolations(page)).toEqual([]);
}

describe('a verdict as it flashes in', () => {
  it('is as readable on its first frame as at rest (axe may look at any moment)', async () => {
    const { page, button } = await doorWith('Fábio Primeiro Quadro');
    // Every verdict held at its first frame: what a look taken just as it arrives would read.
    await page.addStyleTag({
      content: '.door-verdict-new { animation-play-state: paused !important; }',
    });
    await button.click();
    await verdict(page).getByText('Entrada liberada').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a check-in the server refuses', () => {
  it('ticket_not_found: Ingresso inválido', async () => {
    const { person, page, button } = await doorWith('Irene Apagada');
    // Gone from the database behind the door's back (its list still shows her).
    await asCheckInLeaves(page, () =>
      server.app.db.kysely.deleteFrom('registrations').where('id', '=', person.id).execute(),
    );
    await button.click();
    await verdict(page).getByText('Ingresso inválido').waitFor();
    expect(await verdict(page).innerText()).not.toContain('Irene Apagada');
    await expectNoViolations(page);
    await page.close();
  });

  it('not_confirmed: Inscrição não confirmada, with the name', async () => {
    const { person, page, button } = await doorWith('Nina Pendente');
    await asCheckInLeaves(page, () =>
      server.app.db.kysely
        .updateTable('registrations')
        .set({ status: 'pending' })
        .where('id', '=', person.id)
        .execute(),
    );
    await button.click();
    await verdict(page).getByText('Inscrição não confirmada').waitFor();
    expect((await storedCheckIn(server, person.id)).checked_in_at).toBeNull();
    await expectNoViolations(page);
    await page.close();
  });

  it('cancelled: Inscrição cancelada, with the name', async () => {
    const { person, page, button } = await doorWith('Clara Desistente');
    // Cancelled behind the door's back (its list still shows her): the server's code decides.
    await asCheckInLeaves(page, () =>
      server.app.db.kysely
        .updateTable('registrations')
        .set({ status: 'cancelled' })
        .where('id', '=', person.id)
        .execute(),
    );
    await button.click();
    await verdict(page).getByText('Inscrição cancelada').waitFor();
    expect(await verdict(page).innerText()).toContain('Clara Desistente');
    expect(await verdict(page).innerText()).not.toContain('Entrada recusada');
    expect((await storedCheckIn(server, person.id)).checked_in_at).toBeNull();
    await expectNoViolations(page);
    await page.close();
  });

  it('idempotency_key_reused, another 409: the server’s own words, never “não confirmada”', async () => {
    const first = await confirmedRegistration(server, { nome_completo: 'Olga Primeira' });
    const second = await confirmedRegistration(server, { nome_completo: 'Paulo Segundo' });
    const page = await browser.newPage();
    // Every key this page makes is the same one: the second person's check-in reuses the first's.
    await page.addInitScript(() => {
      crypto.randomUUID = () => '00000000-0000-4000-8000-000000000001';
    });
    await openDoor(page, server);
    await (await find(page, 'Olga Primeira')).click();
    await verdict(page).getByText('Entrada liberada').waitFor();
    expect((await storedCheckIn(server, first.id)).checked_in_at).toEqual(expect.any(String));

    await (await find(page, 'Paulo Segundo')).click();
    await verdict(page).getByText('Entrada recusada pelo servidor').waitFor();
    expect(await verdict(page).innerText()).toContain(errorTable.idempotencyKeyReused.message);
    expect(await verdict(page).innerText()).not.toContain('Inscrição não confirmada');
    expect((await storedCheckIn(server, second.id)).checked_in_at).toBeNull();
    // Refused, not queued: nothing waits to be sent.
    expect(await page.getByText(/aguardando envio/).count()).toBe(0);
    await expectNoViolations(page);
    await page.close();
  });

  it('forbidden: the account lost its door role; the server’s words, nothing queued', async () => {
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    const { person, page, button } = await doorWith('Quitéria Barrada', door);
    await asCheckInLeaves(page, () =>
      server.app.db.kysely
        .updateTable('accounts')
        .set({ role: 'visitante' })
        .where('id', '=', door.accountId)
        .execute(),
    );
    await button.click();
    await verdict(page).getByText('Entrada recusada pelo servidor').waitFor();
    expect(await verdict(page).innerText()).toContain(errorTable.wrongRole.message);
    expect((await storedCheckIn(server, person.id)).checked_in_at).toBeNull();
    expect(await page.getByText(/aguardando envio/).count()).toBe(0);
    await expectNoViolations(page);
    await page.close();
  });

  it('unauthorized: the session expired; back to the login form with a toast', async () => {
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    const { person, page, button } = await doorWith('Rita Expirada', door);
    await asCheckInLeaves(page, () =>
      server.app.db.kysely.deleteFrom('sessions').where('id_hash', '=', door.idHash).execute(),
    );
    await button.click();
    await page.getByText('Sua sessão expirou. Entre novamente.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Entrar na portaria' }).waitFor();
    expect((await storedCheckIn(server, person.id)).checked_in_at).toBeNull();
    // The toast slides in once mounted: axe judges it where it stays.
    await page.locator('[data-sonner-toast][data-mounted="true"]').waitFor();
    await expectNoViolations(page);
    await page.close();
  });

  it('internal (a 500): the phone decides from its list, queues it, and sends it once the server is well', async () => {
    const { person, page, button } = await doorWith('Sara Servidor');
    // The check-in's own table gone: the server fails with a 500 until it is back.
    await sql`ALTER TABLE check_in_requests RENAME TO check_in_requests_away`.execute(
      server.app.db.kysely,
    );
    try {
      await button.click();
      await verdict(page).getByText('Entrada liberada').waitFor();
      expect(await verdict(page).innerText()).toContain(
        'Decidido sem conexão: será enviado ao servidor.',
      );
      await page.getByText('1 entrada aguardando envio').waitFor();
      expect((await storedCheckIn(server, person.id)).checked_in_at).toBeNull();
    } finally {
      await sql`ALTER TABLE check_in_requests_away RENAME TO check_in_requests`.execute(
        server.app.db.kysely,
      );
    }
    // The queue is sent when the browser says the network is back.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await storedCheckIn(server, person.id)).checked_in_at)
      .toEqual(expect.any(String));
    await expect.poll(() => page.getByText(/aguardando envio/).count()).toBe(0);
    await expectNoViolations(page);
    await page.close();
  });
});
