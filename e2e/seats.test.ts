// A full event and "I can no longer come" in Chromium, on a 360 px phone (issue 19, decision
// 0130): the form's thank-you page when no seat is left promises no ticket; the person's own page
// shows the waiting list's place, and its cancellation (link, confirmation step, form POST) works
// without any script, gives the seat to the next person and leaves the page saying so. axe finds
// nothing on any of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../src/shared/event-settings.schema.ts';
import {
  api,
  attendeeAttend,
  attendeePage,
  paths,
  thanksConfirmed,
  thanksWaitlisted,
  withCode,
  withId,
} from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { animationsDone, card, openPanel, register } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, live, type TestBrowser } from '#test/browser/browser.ts';
import { fields, fillRegistrationForm, validData } from '#test/browser/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let admin: TestSession;
beforeAll(async () => {
  server = await startAppServer();
  admin = await startSession(server.app.db.kysely);
  const current = eventSettingsSchema.parse(
    await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
  );
  // One seat, first come first served.
  const saved = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: admin.cookie },
    json: { ...current, capacity: 1, admission: 'automatic', date: '2036-06-05' },
  });
  expect(saved.status).toBe(200);
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The person's own token, as their e-mail would carry it (read where the outbox reads it). */
async function tokenOf(email: string): Promise<string> {
  const row = await server.app.db.kysely
    .selectFrom('registrations')
    .select('personal_token')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.personal_token!;
}

async function registerThroughForm(email: string) {
  const page = await browser.newPage();
  await page.goto(server.url + paths.register);
  await live(page);
  await fillRegistrationForm(page, validData({ email }));
  await fields(page).submit.click();
  return page;
}

describe('a full event', () => {
  it('takes the first registration, then leads the next to the waiting list’s thank-you page', async () => {
    const first = `primeira.${Date.now()}@exemplo.com`;
    const firstPage = await registerThroughForm(first);
    // Confirmed on arrival: the confirmed thank-you page (decision 0220).
    await firstPage.waitForURL(server.url + thanksConfirmed);
    // The answer's personal link, shown once on the thank-you page.
    const personal = firstPage.getByRole('link', { name: /\/inscricao\// });
    await personal.waitFor();
    expect(await personal.getAttribute('href')).toBe(
      server.config.publicUrl + withCode(attendeePage, await tokenOf(first)),
    );
    await firstPage.close();

    const second = `segunda.${Date.now()}@exemplo.com`;
    const page = await registerThroughForm(second);
    await page.waitForURL(server.url + thanksWaitlisted);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Você está na lista de espera');
    expect(await page.locator('main').textContent()).not.toContain('Você receberá seu ingresso');
    // The form's toast, once it has settled (mid-animation its text is still faint).
    await page.locator('[data-sonner-toast]').first().waitFor();
    await animationsDone(page);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // Loaded again (a reload, a shared link): the same page, from the server, without script.
    const again = await browser.newPage();
    const scripts: string[] = [];
    again.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await again.goto(server.url + thanksWaitlisted);
    expect(await again.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Você está na lista de espera',
    );
    expect(scripts).toEqual([]);
    await again.close();
    await page.close();

    // The waiting person's own page: their place in the line.
    const waiting = await browser.newPage();
    await waiting.goto(server.url + withCode(attendeePage, await tokenOf(second)));
    expect(await waiting.locator('main').textContent()).toContain(
      'Você está na lista de espera, na posição 1',
    );
    expect((await axeViolations(waiting)).join('\n')).toBe('');

    // The first cannot come: their page, the confirmation step, the form, by keyboard.
    const own = await browser.newPage();
    const ownScripts: string[] = [];
    own.on('request', (request) => {
      if (request.resourceType() === 'script') ownScripts.push(request.url());
    });
    await own.goto(server.url + withCode(attendeePage, await tokenOf(first)));
    expect(await own.locator('main').textContent()).toContain('Inscrição confirmada');
    expect((await axeViolations(own)).join('\n')).toBe('');
    // The reminder e-mail's 'Vou comparecer' (issue 35.2): its step, its form, by keyboard.
    await own.goto(server.url + withCode(attendeeAttend, await tokenOf(first)));
    await expect
      .poll(() => own.getByRole('heading', { name: 'Confirmar sua presença?' }).count())
      .toBe(1);
    expect((await axeViolations(own)).join('\n')).toBe('');
    await own.getByRole('button', { name: 'Sim, vou comparecer' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForURL(server.url + withCode(attendeePage, await tokenOf(first)));
    expect(await own.locator('main').textContent()).toContain('Você confirmou presença. Até lá!');
    expect((await axeViolations(own)).join('\n')).toBe('');
    await own.getByRole('link', { name: 'Não poderei comparecer' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForURL(/\/cancelar$/);
    await expect
      .poll(() => own.getByRole('heading', { name: 'Cancelar sua inscrição?' }).count())
      .toBe(1);
    expect((await axeViolations(own)).join('\n')).toBe('');
    await own.getByRole('button', { name: 'Sim, cancelar minha inscrição' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForURL(server.url + withCode(attendeePage, await tokenOf(first)));
    expect(await own.locator('main').textContent()).toContain('Inscrição cancelada');
    expect(await own.getByRole('link', { name: 'Não poderei comparecer' }).count()).toBe(0);
    expect((await axeViolations(own)).join('\n')).toBe('');
    // All of it without a line of script.
    expect(ownScripts).toEqual([]);
    await own.close();

    // The seat went to the person waiting: their page now has the ticket.
    await waiting.reload();
    expect(await waiting.locator('main').textContent()).toContain('Inscrição confirmada');
    expect(await waiting.getByRole('link', { name: 'Ver meu ingresso' }).count()).toBe(1);
    await waiting.close();
    expect(browser.problems).toEqual([]);
  });
});

describe('the panel with seats', () => {
  it('counts seats, waiting and cancelled, filters by every status, shows places, cancels and restores', async () => {
    // A new edition, two seats, by approval: this test's counts start at zero.
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { date: '2027-05-05', name: 'Edição de maio' },
    });
    expect(created.status).toBe(201);
    const current = eventSettingsSchema.parse(
      await (await server.request(api.adminEvent, { headers: { cookie: admin.cookie } })).json(),
    );
    await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: admin.cookie },
      json: { ...current, capacity: 1, admission: 'approval' },
    });
    const ana = await register(server, { nome_completo: 'Ana Sentada' });
    await server.request(withId(api.adminConfirm, ana.id), {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    await register(server, { nome_completo: 'Bruno Espera' });
    await register(server, { nome_completo: 'Carla Espera' });

    const page = await browser.newPage();
    await openPanel(page, server);
    await page.getByText('1/1 vaga ocupada').waitFor();
    await page.getByText('2 na lista de espera').waitFor();
    await card(page, 'Bruno Espera').getByText('Posição na lista de espera: 1').waitFor();
    await card(page, 'Carla Espera').getByText('Posição na lista de espera: 2').waitFor();
    const views = page.getByRole('group', { name: 'Mostrar' });
    await views.locator('label').filter({ hasText: 'Lista de espera (2)' }).click();
    await expect
      .poll(() => page.locator('main h2').allTextContents())
      .toEqual(['Carla Espera', 'Bruno Espera']);

    // Confirming someone waiting while the event is full: refused, with the reason.
    await card(page, 'Bruno Espera').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Evento lotado: não há mais vagas.').waitFor();

    // Ana cannot come: the organizer cancels, after the card asks.
    await views.locator('label').filter({ hasText: 'Todas' }).click();
    const anaCard = card(page, 'Ana Sentada');
    await anaCard.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await anaCard.getByText('Cancelar a inscrição de Ana Sentada?').waitFor();
    await anaCard.getByRole('button', { name: 'Sim, cancelar' }).click();
    await anaCard.getByText('Cancelado', { exact: true }).waitFor();
    // Bruno got the seat back in the organizer's queue, at its head.
    await card(page, 'Bruno Espera').getByText('Saiu da lista de espera: vaga liberada').waitFor();
    await page.getByText('1 cancelada').waitFor();
    await views.locator('label').filter({ hasText: 'Pendentes (1)' }).click();
    await expect.poll(() => page.locator('main h2').allTextContents()).toEqual(['Bruno Espera']);
    await animationsDone(page);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // The freed seat is Bruno's now (offered, decision 0160): restoring Ana is refused, with the
    // reason, and she stays cancelled.
    await views.locator('label').filter({ hasText: 'Canceladas (1)' }).click();
    await card(page, 'Ana Sentada').getByRole('button', { name: 'Restaurar inscrição' }).click();
    await page.getByText('Não foi possível restaurar a inscrição.').waitFor();
    await card(page, 'Ana Sentada').getByText('Cancelado', { exact: true }).waitFor();
    // Bruno takes his seat.
    await views.locator('label').filter({ hasText: 'Pendentes (1)' }).click();
    await card(page, 'Bruno Espera').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('1/1 vaga ocupada').waitFor();
    await page.close();
    // The browser logs the refused confirmation (409); nothing else went wrong.
    expect(browser.problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
  });
});

describe('the Evento form with seats taken', () => {
  it('tells the organizer, before and after saving, that a capacity below the confirmed and the offered un-confirms nobody and withdraws no offer', async () => {
    // The test before leaves its 409s logged.
    browser.problems.length = 0;
    const asAdmin = { cookie: admin.cookie };
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: asAdmin,
      json: { date: '2027-06-06', name: 'Edição de junho' },
    });
    expect(created.status).toBe(201);
    const current = eventSettingsSchema.parse(
      await (await server.request(api.adminEvent, { headers: asAdmin })).json(),
    );
    await server.request(api.adminEvent, {
      method: 'PUT',
      headers: asAdmin,
      json: { ...current, capacity: 3, admission: 'approval' },
    });
    // Three confirmed; the fourth, arriving full, waits, then is offered the seat the third frees.
    const people = [];
    for (const name of ['Ana Vaga', 'Bia Vaga', 'Caio Vaga']) {
      const person = await register(server, { nome_completo: name });
      const confirmed = await server.request(withId(api.adminConfirm, person.id), {
        method: 'POST',
        headers: asAdmin,
      });
      expect(confirmed.status).toBe(200);
      people.push(person);
    }
    people.push(await register(server, { nome_completo: 'Duda Oferta' }));
    expect(people[3]!.status).toBe('waitlisted');
    const cancelled = await server.request(withId(api.adminCancel, people[2]!.id), {
      method: 'POST',
      headers: asAdmin,
    });
    expect(cancelled.status).toBe(200);

    const page = await browser.newPage();
    await openPanel(page, server);
    await page.getByText('2/3 vagas ocupadas').waitFor();
    await page.getByRole('link', { name: 'Evento' }).click();
    const capacity = page.getByLabel('Vagas', { exact: true });
    await capacity.waitFor();
    const warning = page.locator(`[id="${(await capacity.getAttribute('id'))!}-ajuda"]`);
    expect(await warning.innerText()).not.toContain('Atenção');

    // Two seats: the two confirmed fill them, and the seat offered to Duda cannot be confirmed.
    await capacity.fill('2');
    await expect
      .poll(() => warning.innerText())
      .toContain(
        'Atenção: já há 2 pessoas confirmadas e 1 vaga oferecida a quem estava na lista de espera, mais que 2 vagas. Ninguém perde a vaga oferecida, mas nenhuma dessas pessoas poderá ser confirmada até que vagas se liberem.',
      );
    // One seat: fewer than the confirmed.
    await capacity.fill('1');
    await expect
      .poll(() => warning.innerText())
      .toContain(
        'Atenção: já há 2 pessoas confirmadas, mais que 1 vaga. Ninguém perde a confirmação, mas ninguém mais poderá ser confirmado até as confirmadas ficarem abaixo de 1, nem quem recebeu a vaga oferecida da lista de espera.',
      );
    expect((await capacity.getAttribute('aria-describedby'))!.split(' ')).toContain(
      (await warning.getAttribute('id'))!,
    );
    await animationsDone(page);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Evento salvo!' });
    await saved.getByText('Ninguém perde a confirmação', { exact: false }).waitFor();
    // Saved as typed; nobody's state changed.
    const stored = eventSettingsSchema.parse(
      await (await server.request(api.adminEvent, { headers: asAdmin })).json(),
    );
    expect(stored.capacity).toBe(1);
    const rows = await server.app.db.kysely
      .selectFrom('registrations')
      .select(['id', 'status', 'promoted_at'])
      .where(
        'id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(people.map((p) => byId.get(p.id)!.status)).toEqual([
      'confirmed',
      'confirmed',
      'cancelled',
      'pending',
    ]);
    expect(byId.get(people[3]!.id)!.promoted_at).not.toBeNull();
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});
