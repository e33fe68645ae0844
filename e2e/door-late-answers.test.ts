// The check-in screen when the server's answers come late or not at all, in real Chromium against
// the real server: the check-in requests are held (they reach the server and commit, but the
// answer waits for the test), or cut, with Playwright's routing. 'Desfazer' must leave the person
// out on the server whatever became of the check-in it undoes; a late answer for an earlier scan
// must not take the screen from the person in front of the door; a code the phone cannot check
// is not called invalid (docs/decisions/0161-door-undo-and-late-answers.md).
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  cameraVideo,
  confirmedRegistration,
  openDoor,
  storedCheckIn,
  ticketQrImages,
  verdict,
  removeCameraVideos,
} from '#test/browser/door.ts';

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
  removeCameraVideos();
});

const phone = { width: 360, height: 740 };

/** The person's 'Registrar entrada' button, found by their (unique) name. */
async function find(page: Page, name: string) {
  await page.getByLabel('Buscar por nome ou empresa').fill(name);
  await page.getByText('1 pessoa encontrada').waitFor();
  return page.getByRole('button', { name: 'Registrar entrada' });
}

/** What the door's check-in requests carried, in the order they were sent. */
type Sent = { body: { code?: string; registration_id?: string }; key: string }[];

/**
 * Routes the page's check-in requests (POST): `hold` ones reach the server (which commits them)
 * and their answers wait for `release()`; `cut` ones never leave the phone (as with no signal);
 * the rest pass. `decide` picks by the request's order (0 first) and body.
 */
async function routeCheckIns(
  page: Page,
  decide: (n: number, body: Sent[number]['body']) => 'hold' | 'cut' | 'pass',
) {
  const sent: Sent = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request.postDataJSON() as Sent[number]['body'];
    const what = decide(sent.length, body);
    if (what === 'cut') return route.abort('internetdisconnected');
    sent.push({ body, key: (await request.allHeaders())['idempotency-key'] ?? '' });
    if (what === 'pass') return route.continue();
    const response = await route.fetch();
    await released;
    // The page may have given up on it meanwhile (its 2.5 s): the server has it all the same.
    await route.fulfill({ response }).catch(() => {});
  };
  const matches = (url: URL) => url.pathname === api.doorCheckIns;
  await page.route(matches, handler);
  return { sent, release, stop: () => page.unroute(matches, handler) };
}

const queuedLine = (page: Page) => page.getByText(/aguardando envio/);

describe("'Desfazer' on a check-in still queued", () => {
  it('after a check-in whose answer came too late: the server ends with the person not checked in', async () => {
    const lia = await confirmedRegistration(server, { nome_completo: 'Lia Resposta Tardia' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    // The first attempt reaches the server, its answer too late; the retries find no signal.
    const route = await routeCheckIns(page, (n) => (n === 0 ? 'hold' : 'cut'));
    await (await find(page, 'Lia Resposta Tardia')).click();
    await verdict(page).getByText('Decidido sem conexão: será enviado ao servidor.').waitFor();
    expect((await storedCheckIn(server, lia.id)).checked_in_at).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    route.release();
    await route.stop();
    // The signal is back: the check-in (answered from its key) goes first, its undo after it.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(async () => (await storedCheckIn(server, lia.id)).checked_in_at).toBeNull();
    await queuedLine(page).waitFor({ state: 'detached' });
    expect(browser.problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('while the queue is sending that very check-in: undone on the server after it', async () => {
    const rui = await confirmedRegistration(server, { nome_completo: 'Rui Em Envio' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    // Every answer waits: the live attempt gives up after 2.5 s, and the queue sends it again.
    const route = await routeCheckIns(page, () => 'hold');
    await (await find(page, 'Rui Em Envio')).click();
    await verdict(page).getByText('Decidido sem conexão: será enviado ao servidor.').waitFor();
    await expect.poll(() => route.sent.length).toBe(2); // the queue's own attempt, in flight

    await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    route.release();
    await expect.poll(async () => (await storedCheckIn(server, rui.id)).checked_in_at).toBeNull();
    await queuedLine(page).waitFor({ state: 'detached' });
  });

  it('never sent, while the queue sends the one before it: not sent after all', async () => {
    const xavier = await confirmedRegistration(server, {
      nome_completo: 'Xavier Primeiro Da Fila',
    });
    const alice = await confirmedRegistration(server, { nome_completo: 'Alice Segunda Da Fila' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    // Both decided without a signal, Xavier first.
    await browser.context.setOffline(true);
    await page.getByText('Sem conexão', { exact: true }).waitFor();
    await (await find(page, 'Xavier Primeiro Da Fila')).click();
    await verdict(page).getByText('Xavier Primeiro Da Fila').waitFor();
    await (await find(page, 'Alice Segunda Da Fila')).click();
    await verdict(page).getByText('Alice Segunda Da Fila').waitFor();
    await page.getByText('2 entradas aguardando envio').waitFor();

    // The signal returns; Xavier's answer is slow; Alice's 'Desfazer' is pressed meanwhile.
    const route = await routeCheckIns(page, () => 'hold');
    await browser.context.setOffline(false);
    await expect.poll(() => route.sent.length).toBe(1);
    await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    route.release();
    await queuedLine(page).waitFor({ state: 'detached' });
    expect((await storedCheckIn(server, xavier.id)).checked_in_at).toEqual(expect.any(String));
    expect((await storedCheckIn(server, alice.id)).checked_in_at).toBeNull();
    expect(route.sent.map((item) => item.body.registration_id)).not.toContain(alice.id);
  });
});

describe('two people in a row, the first answer slow', () => {
  it("shows the second person's verdict; the first's is listed under Avisos; Desfazer undoes the second", async () => {
    const ana = await confirmedRegistration(server, { nome_completo: 'Ana Resposta Lenta' });
    const bruno = await confirmedRegistration(server, { nome_completo: 'Bruno Logo Depois' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    const route = await routeCheckIns(page, (_n, body) =>
      body.registration_id === ana.id ? 'hold' : 'pass',
    );
    await (await find(page, 'Ana Resposta Lenta')).click();
    await expect.poll(() => route.sent.length).toBe(1);
    await (await find(page, 'Bruno Logo Depois')).click();
    await verdict(page).getByText('Bruno Logo Depois').waitFor();
    // Ana's answer now arrives (or her 2.5 s run out first, and the phone decides): either way
    // after Bruno's verdict.
    route.release();
    const warnings = page.getByRole('region', { name: 'Avisos' });
    await warnings.getByText('Leitura anterior (Ana Resposta Lenta): Entrada liberada.').waitFor();
    const shown = await verdict(page).innerText();
    expect(shown).toContain('Entrada liberada');
    expect(shown).toContain('Bruno Logo Depois');
    expect(shown).not.toContain('Ana');

    await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    expect(await verdict(page).innerText()).toContain('Bruno Logo Depois');
    await expect.poll(async () => (await storedCheckIn(server, bruno.id)).checked_in_at).toBeNull();
    // Ana's check-in stands, recorded as usual.
    await queuedLine(page).waitFor({ state: 'detached' });
    expect((await storedCheckIn(server, ana.id)).checked_in_at).toEqual(expect.any(String));

    await warnings.getByRole('button', { name: 'Dispensar' }).click();
    await warnings.getByText(/Leitura anterior/).waitFor({ state: 'detached' });
  });
});

describe("'Desfazer' beside a verdict that is not the one in front of the door", () => {
  it("is gone while the next person is being checked ('Verificando...'): the one before stays in", async () => {
    const dora = await confirmedRegistration(server, { nome_completo: 'Dora Já Liberada' });
    const enzo = await confirmedRegistration(server, { nome_completo: 'Enzo Em Verificação' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    const route = await routeCheckIns(page, (_n, body) =>
      body.registration_id === enzo.id ? 'hold' : 'pass',
    );
    await (await find(page, 'Dora Já Liberada')).click();
    await verdict(page).getByText('Dora Já Liberada').waitFor();
    const undo = page.getByRole('button', { name: 'Desfazer', exact: true });
    await undo.waitFor();

    await (await find(page, 'Enzo Em Verificação')).click();
    await verdict(page).getByText('Verificando...').waitFor();
    // Dora's 'Desfazer' would undo Dora while Enzo stands at the door.
    expect(await undo.count()).toBe(0);
    route.release();
    await verdict(page).getByText('Enzo Em Verificação').waitFor();
    await undo.waitFor();
    expect((await storedCheckIn(server, dora.id)).checked_in_at).toEqual(expect.any(String));
  });

  it("a late verdict listed under Avisos has its own 'Desfazer', which leaves the screen to the newer one", async () => {
    const ana = await confirmedRegistration(server, { nome_completo: 'Ana Aviso Desfeito' });
    const bruno = await confirmedRegistration(server, { nome_completo: 'Bruno Fica Na Tela' });
    browser = await launchBrowser({ viewport: phone });
    const page = await browser.newPage();
    await openDoor(page, server);
    const route = await routeCheckIns(page, (_n, body) =>
      body.registration_id === ana.id ? 'hold' : 'pass',
    );
    await (await find(page, 'Ana Aviso Desfeito')).click();
    await expect.poll(() => route.sent.length).toBe(1);
    await (await find(page, 'Bruno Fica Na Tela')).click();
    await verdict(page).getByText('Bruno Fica Na Tela').waitFor();
    route.release();
    const warnings = page.getByRole('region', { name: 'Avisos' });
    await warnings.getByText('Leitura anterior (Ana Aviso Desfeito): Entrada liberada.').waitFor();

    await warnings
      .getByRole('button', { name: 'Desfazer a entrada de Ana Aviso Desfeito' })
      .click();
    await warnings.getByText('Leitura anterior (Ana Aviso Desfeito): Entrada desfeita.').waitFor();
    expect(await warnings.getByRole('button', { name: /Desfazer/ }).count()).toBe(0);
    await expect.poll(async () => (await storedCheckIn(server, ana.id)).checked_in_at).toBeNull();
    const shown = await verdict(page).innerText();
    expect(shown).toContain('Entrada liberada');
    expect(shown).toContain('Bruno Fica Na Tela');
    await page.getByRole('button', { name: 'Desfazer', exact: true }).waitFor();
    await queuedLine(page).waitFor({ state: 'detached' });
    expect((await storedCheckIn(server, bruno.id)).checked_in_at).toEqual(expect.any(String));
    expect((await storedCheckIn(server, ana.id)).checked_in_at).toBeNull();
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a scan the phone cannot check', () => {
  it('no list on the phone and no answer: "Não foi possível verificar", not "Ingresso inválido"; scanned again with the signal back, let in', async () => {
    const caio = await confirmedRegistration(server, { nome_completo: 'Caio Sem Lista' });
    const camera = cameraVideo(await ticketQrImages(server, [caio.ticket_code]));
    browser = await launchBrowser({ camera, viewport: phone });
    const page = await browser.newPage();
    // The attendee list never arrives, and neither does any check-in.
    await page.route(
      (url) => url.pathname === api.doorAttendees,
      (route) => route.abort('internetdisconnected'),
    );
    const route = await routeCheckIns(page, () => 'cut');
    await openDoor(page, server);

    await verdict(page).getByText('Não foi possível verificar').waitFor({ timeout: 15_000 });
    const shown = await verdict(page).innerText();
    expect(shown).toContain('Tente de novo ou busque pelo nome.');
    expect(shown).not.toContain('Ingresso inválido');
    expect(await queuedLine(page).count()).toBe(0);
    expect((await storedCheckIn(server, caio.id)).checked_in_at).toBeNull();
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
    );
    expect(await axeViolations(page)).toEqual([]);

    // The video shows a blank wall, then the same ticket again: now the server answers.
    await route.stop();
    await verdict(page).getByText('Entrada liberada').waitFor({ timeout: 15_000 });
    expect((await storedCheckIn(server, caio.id)).checked_in_at).toEqual(expect.any(String));
  });
});
