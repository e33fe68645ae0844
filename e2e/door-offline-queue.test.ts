// The check-in screen's offline queue against what a phone really brings to the door, in real
// Chromium against the real server: a clock that runs wrong, a window that keeps nothing, another
// door account signing in on the same phone, and what the server decided otherwise said as it
// happened (docs/decisions/0165).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, paths, withId } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startSession } from '#test/api/sessions.ts';
import { admin } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { confirmedRegistration, openDoor, storedCheckIn, verdict } from '#test/browser/door.ts';

let server: TestServer;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  server = await startAppServer(admin);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(async () => {
  await server?.close();
});

const phone = { width: 360, height: 740 };

/** The person's 'Registrar entrada' button, found by their (unique) name. */
async function find(page: Page, name: string) {
  await page.getByLabel('Buscar por nome ou empresa').fill(name);
  await page.getByText('1 pessoa encontrada').waitFor();
  return page.getByRole('button', { name: 'Registrar entrada' });
}

const queuedLine = (page: Page) => page.getByText(/aguardando envio/);

/**
 * Closing the page with a check-in still queued: the browser asks first (beforeunload); the
 * question dismissed, the page and its queue stay, and the check-in goes out with the signal.
 */
async function closeIsAskedThenSends(page: Page, id: string) {
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await browser!.context.setOffline(false);
  await queuedLine(page).waitFor({ state: 'detached', timeout: 30_000 });
  expect((await storedCheckIn(server, id)).checked_in_at).toEqual(expect.any(String));
}

/** How far a stored check-in time is from the server's now, in whole minutes. */
async function minutesAgo(id: string) {
  const { checked_in_at } = await storedCheckIn(server, id);
  return Math.round((Date.now() - Date.parse(checked_in_at!)) / 60_000);
}

describe("a phone whose clock is wrong: no check-in lost, each at the server's time", () => {
  for (const [clock, errorMs] of [
    ['10 minutes fast', 10 * 60_000],
    ['3 hours slow', -3 * 60 * 60_000],
  ] as const) {
    it(`${clock}: let in online and offline, both recorded as now`, async () => {
      const online = await confirmedRegistration(server, {
        nome_completo: `Otto Relógio ${clock}`,
      });
      const queued = await confirmedRegistration(server, {
        nome_completo: `Quésia Relógio ${clock}`,
      });
      browser = await launchBrowser({ viewport: phone });
      const page = await browser.newPage();
      await page.clock.setSystemTime(Date.now() + errorMs);
      await openDoor(page, server);

      await (await find(page, online.nome_completo)).click();
      await verdict(page).getByText('Entrada liberada').waitFor();
      expect(await verdict(page).innerText()).not.toContain('Decidido sem conexão');
      expect(await minutesAgo(online.id)).toBe(0);

      await browser.context.setOffline(true);
      await page.getByText('Sem conexão', { exact: true }).waitFor();
      await (await find(page, queued.nome_completo)).click();
      await verdict(page).getByText('Decidido sem conexão: será enviado ao servidor.').waitFor();
      await browser.context.setOffline(false);
      await queuedLine(page).waitFor({ state: 'detached', timeout: 30_000 });
      expect(await minutesAgo(queued.id)).toBe(0);
      expect(await page.getByRole('region', { name: 'Avisos' }).innerText()).toBe('');
    });
  }
});

describe('a window that keeps nothing on the phone (IndexedDB unavailable, as in a private window)', () => {
  it('says so from the start, and asks before a close would lose what is queued', async () => {
    const person = await confirmedRegistration(server, { nome_completo: 'Pietra Janela Anônima' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined });
    });
    await openDoor(page, server);
    const warning = page.getByText(/Este navegador não guarda dados neste aparelho/);
    await warning.waitFor();
    expect(await warning.innerText()).toContain('se perdem se a página for recarregada ou fechada');

    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    await (await find(page, person.nome_completo)).click();
    await page.getByText('1 entrada aguardando envio').waitFor();
    await closeIsAskedThenSends(page, person.id);
  });
});

/** The account the attendee list kept on the phone (IndexedDB) belongs to; undefined without one. */
function keptAccount(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        const open = indexedDB.open('portaria');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const read = open.result.transaction('snapshot').objectStore('snapshot').get('current');
          read.onerror = () => resolve(undefined);
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { account: { email: string } } | undefined)?.account.email);
          };
        };
      }),
  );
}

/**
 * Every check-in and undo the phone sends from now on, from its pages or its service worker: the
 * account it said it was for (`Door-Account`, decision 0210) and what the server answered.
 */
function checkInsSent(context: BrowserContext) {
  const sent: Array<{ method: string; account?: string; status: number | 'failed' }> = [];
  const isCheckIn = (url: string) => new URL(url).pathname.startsWith(api.doorCheckIns);
  context.on('response', (response) => {
    const request = response.request();
    if (!isCheckIn(request.url())) return;
    const account = request.headers()['door-account'];
    sent.push({ method: request.method(), account, status: response.status() });
  });
  context.on('requestfailed', (request) => {
    if (!isCheckIn(request.url())) return;
    const account = request.headers()['door-account'];
    sent.push({ method: request.method(), account, status: 'failed' });
  });
  return sent;
}

describe('another door account signs in on the phone while a check-in is still queued', () => {
  it('leaves it to the account that decided it: not sent under the other name, said on screen', async () => {
    const person = await confirmedRegistration(server, { nome_completo: 'Rosa Conta Certa' });
    const first = await startSession(server.app.db.kysely, { role: 'door' });
    const second = await startSession(server.app.db.kysely, { role: 'door' });
    browser = await launchBrowser({ viewport: phone });
    const sent = checkInsSent(browser.context);
    let page = await browser.newPage();
    await openDoor(page, server, first);
    // The phone keeps the first account's list: a screen that opens without an answer uses it.
    await expect.poll(() => keptAccount(page)).toBe(first.email);
    // Chromium's offline mode let one check-in through to the server in CI, with the first
    // account's cookie, stored under it (as it should be: the phone kept it as maybe sent). This
    // case is about a check-in that never left: no check-in leaves the phone while it is offline.
    const cutOff = `**${api.doorCheckIns}`;
    await browser.context.route(cutOff, (route) => route.abort('internetdisconnected'));
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    await (await find(page, person.nome_completo)).click();
    await page.getByText('1 entrada aguardando envio').waitFor();
    await page.close();
    await browser.context.unroute(cutOff);
    // What the first account's page tried while offline went nowhere: from here on, every request.
    sent.length = 0;

    // The first session is over (expired, say); a colleague signs in on the same phone, and the
    // screen opens before the server says who is signed in (the answer lost): it opens for the
    // account the phone kept, whose queue goes out with the colleague's session. The server
    // refuses it as another account's, and the screen opens again for the colleague.
    await browser.context.setOffline(false);
    page = await browser.newPage();
    await page.route(`**${api.adminMe}`, (route) => route.abort(), { times: 1 });
    const firstSent = page.waitForResponse(
      (response) =>
        response.url().endsWith(api.doorCheckIns) && response.request().method() === 'POST',
    );
    await openDoor(page, server, second);
    const refused = await firstSent;
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'other_account',
    );
    const notice = page.getByText(/1 entrada registrada por .* ainda não foi enviada/);
    await notice.waitFor();
    expect(await notice.innerText()).toContain(first.email);
    expect(await queuedLine(page).count()).toBe(0);
    // Whatever sent it, nothing went out for the colleague, nor without saying whose it was: the
    // list names each request, should a sender ever appear that this test did not think of.
    // The first page, closing as the network came back, may still have sent its own check-in
    // with its own session (CI saw it twice): stored under the first account or not yet, never
    // under the colleague's.
    const stored = await storedCheckIn(server, person.id);
    expect([null, first.email], JSON.stringify(sent)).toContain(stored.checked_in_by);
    expect(sent.filter(({ account, status }) => account !== first.email || status !== 409)).toEqual(
      [],
    );
    // The list still shows her in: this phone let her in.
    await page.getByLabel('Buscar por nome ou empresa').fill(person.nome_completo);
    await page.getByText(/^Entrou às/).waitFor();
    await page.close();

    // The first account signs in again: its check-in goes out under its own name.
    page = await browser.newPage();
    await openDoor(page, server, first);
    await expect
      .poll(async () => (await storedCheckIn(server, person.id)).checked_in_by)
      .toBe(first.email);
    await page.getByText(/entrada registrada por/).waitFor({ state: 'detached' });
  });
});

describe('a queued check-in the server refuses: the warning says why', () => {
  it('a registration deleted meanwhile is not "cancelled"; one cancelled meanwhile says so', async () => {
    const deleted = await confirmedRegistration(server, { nome_completo: 'Davi Excluído Depois' });
    const cancelled = await confirmedRegistration(server, {
      nome_completo: 'Célia Cancelada Depois',
    });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    for (const person of [deleted, cancelled]) {
      await (await find(page, person.nome_completo)).click();
      await verdict(page).getByText(person.nome_completo).waitFor();
    }
    await page.getByText('2 entradas aguardando envio').waitFor();

    // Meanwhile the organizer deletes one registration and cancels the other.
    const organizer = await startSession(server.app.db.kysely);
    const headers = { cookie: organizer.cookie };
    const removal = await server.request(withId(api.adminRegistration, deleted.id), {
      method: 'DELETE',
      headers,
    });
    expect(removal.status).toBe(204);
    const cancelling = await server.request(withId(api.adminCancel, cancelled.id), {
      method: 'POST',
      headers,
    });
    expect(cancelling.status).toBe(200);

    await browser.context.setOffline(false);
    await queuedLine(page).waitFor({ state: 'detached', timeout: 30_000 });
    const warnings = page.getByRole('region', { name: 'Avisos' });
    const deletedText = warnings.getByText(/^Davi Excluído Depois:/);
    const cancelledText = warnings.getByText(/^Célia Cancelada Depois:/);
    await deletedText.waitFor();
    await cancelledText.waitFor();
    expect(await deletedText.innerText()).toMatch(
      /^Davi Excluído Depois: este ingresso não existe mais no servidor \(a inscrição foi excluída\); a entrada registrada sem conexão às \d\d:\d\d não foi aceita\.$/,
    );
    expect(await cancelledText.innerText()).toMatch(
      /^Célia Cancelada Depois: a inscrição foi cancelada; a entrada registrada sem conexão às \d\d:\d\d não foi aceita\.$/,
    );
    expect(await storedCheckIn(server, cancelled.id)).toEqual({
      checked_in_at: null,
      checked_in_by: null,
    });
  });
});

describe('a check-in the phone fails to store (IndexedDB refusing, its quota full)', () => {
  it('is still let in, kept in the page and sent; the door is told not to reload', async () => {
    const person = await confirmedRegistration(server, { nome_completo: 'Sofia Disco Cheio' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    await page.evaluate(() => {
      IDBObjectStore.prototype.add = () => {
        throw new DOMException('O disco está cheio.', 'QuotaExceededError');
      };
    });
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    await (await find(page, person.nome_completo)).click();
    await verdict(page).getByText('Decidido sem conexão: será enviado ao servidor.').waitFor();
    expect(await verdict(page).innerText()).not.toContain('Ingresso inválido');
    await page.getByText(/não conseguiu guardar a entrada/).waitFor();
    await page.getByText('1 entrada aguardando envio').waitFor();
    await closeIsAskedThenSends(page, person.id);
  });
});

describe('a window that keeps nothing, and the session ends with a check-in queued', () => {
  it('keeps the check-in through the login form, and sends it once the door signs in again', async () => {
    const person = await confirmedRegistration(server, { nome_completo: 'Tânia Sessão Vencida' });
    const email = `portaria.anonima.${process.pid}@exemplo.com`;
    const password = 'senha-da-portaria-2025';
    const organizer = await startSession(server.app.db.kysely);
    const created = await server.request(api.adminAccounts, {
      method: 'POST',
      headers: { cookie: organizer.cookie },
      json: { email, password },
    });
    expect(created.status).toBe(201);
    const logIn = async (page: Page) => {
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByLabel('Buscar por nome ou empresa').waitFor();
    };

    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined });
    });
    await page.goto(server.url + paths.door);
    await logIn(page);
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    await (await find(page, person.nome_completo)).click();
    await page.getByText('1 entrada aguardando envio').waitFor();

    // The session ends on the server meanwhile (its idle time out); the signal returns.
    const account = await server.app.db.kysely
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await server.app.db.kysely
      .deleteFrom('sessions')
      .where('account_id', '=', account.id)
      .execute();
    await browser.context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Entrar na portaria' }).waitFor();
    await logIn(page);
    await expect
      .poll(async () => (await storedCheckIn(server, person.id)).checked_in_by, { timeout: 20_000 })
      .toBe(email);
  });
});
