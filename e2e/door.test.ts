// The check-in screen as a door would trust it: real Chromium with a fake camera filming the real
// ticket pages' QR codes, the real server and database; offline with the network really cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api, paths, withId } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin, register } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  cameraVideo,
  checkInElsewhere,
  confirmedRegistration,
  openDoor,
  storedCheckIn,
  ticketQrImages,
  verdict,
  removeCameraVideos,
} from '#test/browser/door.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startAppServer(admin);
});

afterAll(async () => {
  await server?.close();
  removeCameraVideos();
});

/** The ticket codes of the attendee list the screen keeps in IndexedDB; [] before it has one. */
function keptTicketCodes(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('portaria');
        // Not created yet: leave its creation (and its stores) to the screen.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('snapshot').objectStore('snapshot').get('current');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            const snapshot = read.result as { attendees: { ticket_code: string }[] } | undefined;
            resolve((snapshot?.attendees ?? []).map((a) => a.ticket_code));
          };
        };
      }),
  );
}

/** Waits for every animation to end: axe judges the settled screen. */
async function settled(page: import('playwright-core').Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
  );
}

describe('scanning with the camera', () => {
  it('lets a real ticket in once: Entrada liberada, then Já entrou on the second scan', async () => {
    const ana = await confirmedRegistration(server, { nome_completo: 'Ana Câmera' });
    const video = cameraVideo(await ticketQrImages(server, [ana.ticket_code]));
    const browser = await launchBrowser({ camera: video, viewport: { width: 360, height: 740 } });
    try {
      const page = await browser.newPage();
      const door = await openDoor(page, server);

      await verdict(page).getByText('Entrada liberada').waitFor({ timeout: 15_000 });
      expect(await verdict(page).innerText()).toContain('Ana Câmera');
      const stored = await storedCheckIn(server, ana.id);
      expect(stored.checked_in_at).toEqual(expect.any(String));
      expect(stored.checked_in_by).toBe(door.email);
      await page.getByText('1 de 1 confirmados já entraram').waitFor();
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);

      // The video shows a blank wall, then the same ticket again.
      const already = verdict(page).getByText(/^Já entrou às \d\d:\d\d$/);
      await already.waitFor({ timeout: 15_000 });
      expect(await verdict(page).innerText()).toContain(`Registrada por ${door.email}`);
      expect(await storedCheckIn(server, ana.id)).toEqual(stored);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(browser.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('without a camera', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    // No fake device and no permission: the phone has no camera to give.
    browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says why in pt-BR; the search finds by name or company and lets in by keyboard; Desfazer undoes', async () => {
    const bruno = await confirmedRegistration(server, {
      nome_completo: 'Bruno Teclado',
      nome_compania: 'Obras Acessíveis',
    });
    browser.problems.length = 0;
    const page = await browser.newPage();
    await openDoor(page, server);
    await page
      .getByRole('alert')
      .filter({ hasText: /câmera/ })
      .waitFor();

    await page.getByLabel('Buscar por nome ou empresa').fill('acessiveis');
    await page.getByText('1 pessoa encontrada').waitFor();
    // From the box, past its clear button, to the person's button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Registrar entrada' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await verdict(page).getByText('Entrada liberada').waitFor();
    expect((await storedCheckIn(server, bruno.id)).checked_in_at).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    expect((await storedCheckIn(server, bruno.id)).checked_in_at).toBeNull();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('finds everyone by name with their state; Registrar entrada only for the confirmed not yet in; Desfazer entrada takes back any entry', async () => {
    const family = 'Estado Portaria';
    const pending = await register(server, { nome_completo: `Paula ${family}` });
    const waiting = await register(server, { nome_completo: `Wagner ${family}` });
    const gone = await confirmedRegistration(server, { nome_completo: `Caio ${family}` });
    const organizer = await startSession(server.app.db.kysely);
    const cancelled = await server.request(withId(api.adminCancel, gone.id), {
      method: 'POST',
      headers: { cookie: organizer.cookie },
    });
    expect(cancelled.status).toBe(200);
    const inside = await confirmedRegistration(server, { nome_completo: `Ines ${family}` });
    // Let in by another door phone, long before this one opens.
    await checkInElsewhere(server, inside.ticket_code);
    // On the waiting list (after the cancellation, which would have offered them the seat).
    await server.app.db.kysely
      .updateTable('registrations')
      .set({ status: 'waitlisted' })
      .where('id', '=', waiting.id)
      .execute();
    browser.problems.length = 0;
    const page = await browser.newPage();
    await openDoor(page, server);

    await page.getByLabel('Buscar por nome ou empresa').fill(family);
    await page.getByText('4 pessoas encontradas').waitFor();
    const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    for (const [name, state] of [
      [pending.nome_completo, 'Inscrição pendente'],
      [`Wagner ${family}`, 'Na lista de espera'],
      [gone.nome_completo, 'Inscrição cancelada'],
    ] as const) {
      expect(await row(name).innerText()).toContain(state);
      expect(await row(name).getByRole('button').count()).toBe(0);
    }
    expect(await row(inside.nome_completo).innerText()).toMatch(/Entrou às \d\d:\d\d/);
    expect(
      await row(inside.nome_completo).getByRole('button', { name: 'Registrar entrada' }).count(),
    ).toBe(0);

    await row(inside.nome_completo).getByRole('button', { name: 'Desfazer entrada' }).click();
    await verdict(page).getByText('Entrada desfeita').waitFor();
    expect((await storedCheckIn(server, inside.id)).checked_in_at).toBeNull();
    await row(inside.nome_completo).getByRole('button', { name: 'Registrar entrada' }).waitFor();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  });

  it('keeps the counters live across door phones', async () => {
    const carla = await confirmedRegistration(server, { nome_completo: 'Carla Contada' });
    // Two phones, each with its own cookies: two pages of one browser share theirs, and the
    // second sign-in would leave the first tab under another account (decision 0210).
    const otherPhone = await launchBrowser();
    const [first, second] = [await browser.newPage(), await otherPhone.newPage()];
    await openDoor(first, server);
    await openDoor(second, server);
    const counts = async (page: import('playwright-core').Page) =>
      (await page.getByText(/confirmados já entraram$/).textContent()) ?? '';
    const before = await counts(second);

    await first.getByLabel('Buscar por nome ou empresa').fill('Carla Contada');
    await first.getByRole('button', { name: 'Registrar entrada' }).click();
    await verdict(first).getByText('Entrada liberada').waitFor();
    await expect.poll(() => counts(second)).not.toBe(before);
    expect((await storedCheckIn(server, carla.id)).checked_in_at).toEqual(expect.any(String));
    await first.close();
    await otherPhone.close();
  });

  it('says when the event is not today that entries now do not count, and stops saying it on the day', async () => {
    const organizer = await startSession(server.app.db.kysely);
    const read = await server.request(api.adminEvent, { headers: { cookie: organizer.cookie } });
    const before = (await read.json()) as EventSettings;
    const save = async (settings: EventSettings) => {
      const response = await server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: organizer.cookie },
        json: settings,
      });
      expect(response.status).toBe(200);
    };
    // Recife keeps UTC−3 all year: its wall clock is UTC moved back three hours.
    const inRecife = (at: number) => {
      const iso = new Date(at - 3 * 60 * 60_000).toISOString();
      return { date: iso.slice(0, 10), time: iso.slice(11, 16), timeZone: 'America/Recife' };
    };
    const inAMonth = inRecife(Date.now() + 30 * 24 * 60 * 60_000);
    const [, month, day] = inAMonth.date.split('-');
    const notice = `O evento é em ${day}/${month}: entradas registradas agora não contam nos resultados`;
    browser.problems.length = 0;
    try {
      await save({ ...before, ...inAMonth });
      const page = await browser.newPage();
      await openDoor(page, server);
      await page.getByText(notice).waitFor();
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);

      // Moved to today from the panel: the open screen follows, with no reload.
      await save({ ...before, ...inRecife(Date.now()) });
      await page.getByText(notice).waitFor({ state: 'detached' });
      expect(await page.getByText('não contam nos resultados').count()).toBe(0);
      expect(browser.problems).toEqual([]);
      await page.close();
    } finally {
      await save(before);
    }
  });

  it('never gives a door account a phone or an e-mail (the network log)', async () => {
    const dora = await confirmedRegistration(server, {
      nome_completo: 'Dora Privada',
      email: 'dora.privada@exemplo.com',
      whatsapp: '+55 11 98765-4321',
    });
    const page = await browser.newPage();
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().startsWith(server.url)) return;
      if ((response.headers()['content-type'] ?? '').includes('event-stream')) return;
      bodies.push(await response.text().catch(() => ''));
    });
    await openDoor(page, server);
    // The live stream, as the screen reads it, while the person is checked in.
    await page.evaluate((url) => {
      const w = window as unknown as { streamed: string[] };
      w.streamed = [];
      new EventSource(url).addEventListener('change', (e) => w.streamed.push(e.data));
    }, api.doorLiveStream);
    await page.getByLabel('Buscar por nome ou empresa').fill('Dora Privada');
    await page.getByRole('button', { name: 'Registrar entrada' }).click();
    await verdict(page).getByText('Entrada liberada').waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { streamed: string[] }).streamed.length),
      )
      .toBeGreaterThan(0);
    const streamed = await page.evaluate(
      () => (window as unknown as { streamed: string[] }).streamed,
    );
    const received = [...bodies, ...streamed].join('\n');
    expect(received).toContain('Dora Privada');
    for (const secret of ['dora.privada@exemplo.com', '98765', '5511987654321', dora.whatsapp]) {
      expect(received).not.toContain(secret);
    }
    await page.close();
  });
});

describe('a door account logging in', () => {
  it('lands on /portaria from the panel’s login form, logs out, and logs in again there', async () => {
    const email = `portaria.${process.pid}@exemplo.com`;
    const password = 'senha-da-portaria-2025';
    const organizer = await startSession(server.app.db.kysely);
    const created = await server.request(api.adminAccounts, {
      method: 'POST',
      headers: { cookie: organizer.cookie },
      json: { email, password },
    });
    expect(created.status).toBe(201);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url + paths.admin);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Portaria' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.door);

      // 'Sair' ends the session; the screen's own login form opens it again.
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.getByRole('heading', { level: 1, name: 'Entrar na portaria' }).waitFor();
      expect((await server.request(api.doorAttendees)).status).toBe(401);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Portaria' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.door);
    } finally {
      await browser.close();
    }
  });
});

describe('when the signal drops', () => {
  it('decides from its list after a reload without network; the server gets the three entries with their scan times; one let in elsewhere meanwhile is reported; the event renamed meanwhile shows once it is back', async () => {
    const people = await Promise.all(
      ['Eva Offline', 'Fábio Offline', 'Gil Offline'].map((nome_completo) =>
        confirmedRegistration(server, { nome_completo }),
      ),
    );
    const elsewhere = await confirmedRegistration(server, { nome_completo: 'Hugo Outra Porta' });
    const codes = [...people, elsewhere].map((person) => person.ticket_code);
    const images = await ticketQrImages(server, codes);
    const camera = cameraVideo([]);
    const door = await startSession(server.app.db.kysely, { role: 'door' });
    const browser = await launchBrowser({ camera });
    try {
      // Online first: the screen installs its worker and keeps the list on the phone.
      const page = await browser.newPage();
      await openDoor(page, server, door);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          );
        }
      });
      // The list is written to the phone a moment after it loads: wait until it holds all four.
      await expect
        .poll(() => keptTicketCodes(page), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(codes));

      // The signal drops; the camera now films the four tickets; a reload opens the screen.
      await browser.context.setOffline(true);
      cameraVideo(images, { blankSeconds: 0.5, file: camera });
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      // Meanwhile another door lets Hugo in.
      const other = await checkInElsewhere(server, elsewhere.ticket_code);
      await page.getByRole('heading', { level: 1, name: 'Portaria' }).waitFor();
      await page.getByText('Sem conexão', { exact: true }).waitFor();
      await page.getByText('4 entradas aguardando envio').waitFor({ timeout: 30_000 });
      expect(await storedCheckIn(server, people[0]!.id)).toEqual({
        checked_in_at: null,
        checked_in_by: null,
      });
      const queued = await page.evaluate(
        () =>
          new Promise<{ code: string; scanned_at: string }[]>((resolve, reject) => {
            const open = indexedDB.open('portaria');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('queue').objectStore('queue').getAll();
              all.onsuccess = () =>
                resolve(all.result.map((action: { request: never }) => action.request));
            };
          }),
      );
      expect(queued.map((item) => item.code).sort()).toEqual([...codes].sort());
      const reconnected = Date.now();

      // Meanwhile, too, the organizer renames the event: the screen, served by its worker, still
      // shows the name its cached page had.
      const organizer = await startSession(server.app.db.kysely);
      const settingsNow = await server.request(api.adminEvent, {
        headers: { cookie: organizer.cookie },
      });
      const renamed = { ...(await settingsNow.json()), name: 'Build Safe Portaria Renomeada' };
      const saved = await server.request(api.adminEvent, {
        method: 'PUT',
        headers: { cookie: organizer.cookie },
        json: renamed,
      });
      expect(saved.status).toBe(200);
      expect(await page.getByRole('banner').getByText(renamed.name).count()).toBe(0);

      await browser.context.setOffline(false);
      await page.getByText(/aguardando envio/).waitFor({ state: 'detached', timeout: 30_000 });
      for (const person of people) {
        const scannedAt = queued.find((item) => item.code === person.ticket_code)!.scanned_at;
        const stored = await storedCheckIn(server, person.id);
        expect(stored.checked_in_by).toBe(door.email);
        expect(Date.parse(stored.checked_in_at!)).toBe(Date.parse(scannedAt));
        expect(Date.parse(stored.checked_in_at!)).toBeLessThan(reconnected);
      }
      // Hugo's entry stays the other door's, and this door is told.
      expect((await storedCheckIn(server, elsewhere.id)).checked_in_by).toBe(other.email);
      const warning = page.getByRole('region', { name: 'Avisos' });
      await warning.getByText(/Hugo Outra Porta já tinha entrado/).waitFor();
      expect(await warning.innerText()).toContain(other.email);
      // Its stream back, the screen shows the name saved while it was away, with no reload.
      await page.getByRole('banner').getByText(renamed.name, { exact: true }).waitFor();
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
