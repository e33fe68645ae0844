// The event set up from the panel (issue 18): the 'Evento' form saved without a restart and seen on
// the public pages, its field errors (the browser's checks and the server's), and 'Nova edição'
// with the past edition opened read-only. Chromium against the real server and its SQLite file.
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Edition } from '../src/shared/edition.schema.ts';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { eventFieldMessages } from '../src/shared/event-fields.ts';
import { defaultEvent } from '../src/shared/event.ts';
import { api, paths } from '../src/shared/paths.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { pastEditionDateMessage } from '../src/server/editions/edition-date.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { seedRegistrations, type TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { animationsDone, expected401s, register, signIn } from '#test/browser/admin-panel.ts';
import { toast } from '#test/browser/registration-form.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;
const pages: Page[] = [];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  browser.problems.length = 0;
});

/** A signed-in panel on one screen (`#evento`, `#edicoes`). */
async function openScreen(hash: string, heading: string, before?: (page: Page) => Promise<void>) {
  const page = await browser.newPage();
  pages.push(page);
  await before?.(page);
  const console = expected401s(page, [api.adminMe]);
  await signIn(page, server, session);
  await page.goto(`${server.url}${paths.admin}${hash}`);
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  return { page, console };
}

/** The current edition's settings, as the API serves them to an admin. */
async function storedSettings(): Promise<EventSettings> {
  const response = await server.request(api.adminEvent, { headers: { cookie: session.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as EventSettings;
}

/** Every settings write the page sends. */
function settingsWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === api.adminEvent) {
      writes.push(request);
    }
  });
  return writes;
}

/** A field's error line, found through the field it describes. */
async function errorOf(page: Page, label: string | RegExp): Promise<string> {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.at(-1)!;
}

describe('the Evento screen', () => {
  it('refuses an empty name, an impossible date and an unknown time zone at their fields, and saves nothing', async () => {
    const before = await storedSettings();
    const { page, console } = await openScreen('#evento', 'Evento');
    const writes = settingsWrites(page);
    const name = page.getByLabel('Nome do evento', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe(before.name);

    await name.fill('');
    // The date box takes day, month and year as typed (pt-BR): 31 April does not exist.
    await page.getByLabel('Data', { exact: true }).click();
    await page.keyboard.type('31042026');
    await page.getByLabel('Fuso horário', { exact: true }).fill('Marte/Olympus');
    await page.getByLabel('Local', { exact: true }).fill('Centro de Convenções Novo');
    await page.getByRole('button', { name: 'Salvar' }).click();

    expect(await errorOf(page, 'Nome do evento')).toBe(eventFieldMessages.required);
    expect(await errorOf(page, 'Data')).toBe(eventFieldMessages.invalidDate);
    expect(await errorOf(page, 'Fuso horário')).toBe(eventFieldMessages.unknownTimeZone);
    // The first field in error has the focus; what was typed is all still there.
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Fuso horário', { exact: true }).inputValue()).toBe(
      'Marte/Olympus',
    );
    expect(await page.getByLabel('Local', { exact: true }).inputValue()).toBe(
      'Centro de Convenções Novo',
    );
    expect(writes).toEqual([]);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The server checks with the same schema: a client that skipped the checks (here, the body
    // rewritten on its way) gets the same words, on the same fields.
    await name.fill('Build Safe Reescrito');
    await page.getByLabel('Data', { exact: true }).fill('2026-04-30');
    await page.getByLabel('Fuso horário', { exact: true }).fill('America/Sao_Paulo');
    await page.route(`**${api.adminEvent}`, async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({
        postData: JSON.stringify({
          ...body,
          name: ' ',
          date: '2026-02-30',
          timeZone: 'Marte/Olympus',
        }),
      });
    });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => errorOf(page, 'Data').catch(() => ''))
      .toBe(eventFieldMessages.invalidDate);
    expect(await errorOf(page, 'Nome do evento')).toBe(eventFieldMessages.required);
    expect(await errorOf(page, 'Fuso horário')).toBe(eventFieldMessages.unknownTimeZone);
    expect(await name.inputValue()).toBe('Build Safe Reescrito');
    expect(writes).toHaveLength(1);
    expect(await storedSettings()).toEqual(before);
    await page.unroute(`**${api.adminEvent}`);

    // Unsaved typing survives a reload (or a login after the session expired), until discarded.
    await page.reload();
    await page.getByText('Suas alterações ainda não salvas foram recuperadas.').waitFor();
    expect(await name.inputValue()).toBe('Build Safe Reescrito');
    await page.getByRole('button', { name: 'Descartar alterações' }).click();
    expect(await name.inputValue()).toBe(before.name);
    expect(await page.getByLabel('Local', { exact: true }).inputValue()).toBe(before.venue);

    // The browser logs the refused request (400) as a console error.
    const left = console
      .unexpected(browser.problems)
      .filter((p) => !/the server responded with a status of 400/.test(p));
    expect(left).toEqual([]);
  });

  it('saves a new venue, and the public pages show it at once, without a restart', async () => {
    const { page, console } = await openScreen('#evento', 'Evento');
    const venue = page.getByLabel('Local', { exact: true });
    await venue.waitFor();
    await venue.fill('Centro de Convenções do Lago');
    // The WhatsApp preview follows the typing, with the shared placeholders filled.
    const preview = page.getByRole('figure', { name: 'Prévia' }).first();
    await expect
      .poll(() => preview.innerText())
      .toContain(`📍 Centro de Convenções do Lago, ${defaultEvent.city}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect((await storedSettings()).venue).toBe('Centro de Convenções do Lago');

    // The public form, as a visitor gets it now.
    const visitor = await browser.newPage();
    pages.push(visitor);
    await visitor.goto(server.url + paths.register);
    await visitor.getByText('Centro de Convenções do Lago', { exact: false }).first().waitFor();
    const html = await (await server.request(paths.register)).text();
    expect(html).toContain('Centro de Convenções do Lago');

    // The history under the form names who changed what.
    await page.getByText(`${session.email} alterou Local`).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });

  it('an open form takes what is saved elsewhere in the fields not being edited, and keeps what is typed', async () => {
    const before = await storedSettings();
    const { page, console } = await openScreen('#evento', 'Evento');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Local').waitFor();
    expect(await field('Local').inputValue()).toBe(before.venue);
    await field('Frase de apresentação').fill('Chamada que estou escrevendo');

    // Another organizer (another tab, another instance) saves the venue, the name and the tagline.
    const elsewhere = {
      ...before,
      name: 'Build Safe Outra Tela',
      venue: 'Auditório Salvo em Outra Tela',
      tagline: 'Chamada salva em outra tela',
    };
    const response = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: session.cookie },
      json: elsewhere,
    });
    expect(response.status).toBe(200);

    // The fields nobody was typing in follow at once, with the header; the typing stays.
    await expect.poll(() => field('Local').inputValue()).toBe(elsewhere.venue);
    expect(await field('Nome do evento').inputValue()).toBe(elsewhere.name);
    expect(await field('Frase de apresentação').inputValue()).toBe('Chamada que estou escrevendo');
    await page.getByRole('banner').getByText(elsewhere.name, { exact: true }).waitFor();
    await page
      .getByRole('status')
      .getByText('O evento foi salvo em outra tela', { exact: false })
      .waitFor();
    await page.getByText('Alterações não salvas.').waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The other save changed the tagline typed here too: saving over it is refused first (0196),
    // and after 'Recarregar' it is a choice made knowing. Both stay: the other save's venue and
    // name, this form's tagline.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByRole('alert')
      .getByText('Outra pessoa alterou o evento enquanto você editava.', { exact: false })
      .waitFor();
    expect(await field('Frase de apresentação').inputValue()).toBe('Chamada que estou escrevendo');
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect(await storedSettings()).toEqual({
      ...elsewhere,
      tagline: 'Chamada que estou escrevendo',
    });
    expect(await page.getByText('O evento foi salvo em outra tela', { exact: false }).count()).toBe(
      0,
    );
    // The refusal is the one failed load Chromium reports.
    expect(
      console.unexpected(browser.problems).filter((problem) => !/status of 412/.test(problem)),
    ).toEqual([]);
  });
});

describe('editions', () => {
  it('starts a new edition from the panel; the past one is listed and opens read-only', async () => {
    await register(server, { nome_completo: 'Pessoa Da Primeira', nome_compania: 'Obra Antiga' });
    const before = await storedSettings();
    const { page, console } = await openScreen('#edicoes', 'Edições');
    const editions = page.getByRole('list', { name: /edição|edições/ });
    await editions.getByRole('listitem').first().waitFor();
    expect(await editions.getByRole('listitem').count()).toBe(1);

    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === api.adminEditions) {
        creations.push(request.postData() ?? '');
      }
    });
    await page.getByRole('button', { name: 'Nova edição' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Nova edição' });
    await dialog.waitFor();
    // The date and a name are required: nothing is sent without them.
    await dialog.getByRole('button', { name: 'Criar edição' }).click();
    expect(await errorOf(page, /^Data da nova edição/)).toBe(eventFieldMessages.required);
    expect(await errorOf(page, /^Nome da nova edição/)).toBe(eventFieldMessages.required);
    expect(creations).toEqual([]);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The current edition's name again: the server refuses it at the field (issue 31.11).
    await dialog.getByLabel('Nome da nova edição').fill(before.name);
    await dialog.getByLabel('Data da nova edição').fill('2036-12-05');
    await dialog.getByRole('button', { name: 'Criar edição' }).click();
    await expect
      .poll(() => dialog.getByText(eventFieldMessages.duplicateEditionName).count())
      .toBe(1);
    expect(await errorOf(page, /^Nome da nova edição/)).toBe(
      eventFieldMessages.duplicateEditionName,
    );

    // A year mistyped: the server refuses a date already past, at the field, keeping the name.
    await dialog.getByLabel('Nome da nova edição').fill('Build Safe 2026');
    await dialog.getByLabel('Data da nova edição').fill('2016-12-05');
    await dialog.getByRole('button', { name: 'Criar edição' }).click();
    await expect
      .poll(() => dialog.getByText(pastEditionDateMessage(before.timeZone)).count())
      .toBe(1);
    expect(await errorOf(page, /^Data da nova edição/)).toBe(
      pastEditionDateMessage(before.timeZone),
    );
    expect(await dialog.getByLabel('Nome da nova edição').inputValue()).toBe('Build Safe 2026');
    expect((await storedSettings()).date).toBe(before.date);

    await dialog.getByLabel('Data da nova edição').fill('2036-12-05');
    await dialog.getByRole('button', { name: 'Criar edição' }).click();
    await toast(page, 'Nova edição criada!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(creations.map((body) => JSON.parse(body))).toEqual([
      { date: '2036-12-05', name: before.name },
      { date: '2016-12-05', name: 'Build Safe 2026' },
      { date: '2036-12-05', name: 'Build Safe 2026' },
    ]);

    // Two editions: the new one current, with the old one's settings but the new date and name.
    await expect.poll(() => editions.getByRole('listitem').count()).toBe(2);
    const current = editions.getByRole('listitem').filter({ hasText: 'Atual' });
    expect(await current.getByRole('heading').innerText()).toBe('Build Safe 2026');
    await current.getByText('5 de dezembro de 2036').waitFor();
    const settings = await storedSettings();
    expect(settings).toEqual({ ...before, name: 'Build Safe 2026', date: '2036-12-05' });
    // The panel's header names the new edition at once.
    await page.getByRole('banner').getByText('Build Safe 2026').waitFor();

    const past = editions.getByRole('listitem').filter({ hasText: 'Anterior' });
    expect(await past.getByRole('heading').innerText()).toBe(before.name);
    await past.getByText('1 inscrição').waitFor();
    await past.getByRole('link', { name: 'Abrir' }).click();
    await page.getByRole('heading', { level: 2, name: before.name }).waitFor();
    await page.getByText('Edição anterior: só consulta.', { exact: false }).waitFor();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pessoa Da Primeira' }) });
    await card.waitFor();
    await card.getByText('Obra Antiga').waitFor();
    // Read-only: nothing to confirm, send, select or delete.
    for (const name of ['Confirmar', 'Enviar Ingresso', 'Excluir']) {
      expect(await card.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await card.getByRole('checkbox').count()).toBe(0);
    // Its history, as on the live list.
    await card.getByRole('button', { name: 'Histórico' }).click();
    await card.getByText('Nada registrado ainda.').or(card.locator('ol li').first()).waitFor();
    await page.getByRole('heading', { name: 'Histórico do evento' }).waitFor();

    // Its CSV: its own prefix, its one row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${before.csvPrefix}\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const lines = readFileSync((await download.path())!, 'utf8')
      .slice(1)
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"Pessoa Da Primeira",/);
    // Its toast in place before axe reads the colours: the download can come before the toast
    // mounts, and one still fading in fails the contrast check.
    await toast(page, 'CSV exportado!').and(page.locator('[data-mounted="true"]')).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The live list is the new edition's: empty. On this phone's width the toasts ('Nova edição
    // criada!', 'CSV exportado!') cover the panel's menu until their time is up: a click let
    // through while the front one leaves lands on the next one sliding up, and the pointer left on
    // it holds it there. The menu is used once they are gone.
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.getByRole('link', { name: 'Inscrições' }).click();
    await page.getByText('Nenhuma inscrição encontrada ainda.').waitFor();
    // The browser logs the refused request (400) as a console error.
    const left = console
      .unexpected(browser.problems)
      .filter((p) => !/the server responded with a status of 400/.test(p));
    expect(left).toEqual([]);
  });

  it('asks first while the current edition is still to come and holds people, naming how many', async () => {
    // The current edition (2036, from the test above) gets someone pending.
    await register(server, { nome_completo: 'Pessoa Da Atual' });
    const current = (
      (await (
        await server.request(api.adminEditions, { headers: { cookie: session.cookie } })
      ).json()) as Edition[]
    ).find((edition) => edition.current)!;
    expect(current.pending_or_confirmed).toBe(1);
    const { page, console } = await openScreen('#edicoes', 'Edições');
    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === api.adminEditions) {
        creations.push(request.postData() ?? '');
      }
    });
    await page.getByRole('button', { name: 'Nova edição' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Nova edição' });
    await dialog.getByLabel('Data da nova edição').fill('2036-12-12');
    await dialog.getByLabel('Nome da nova edição').fill('Build Safe Guarda');
    await dialog.getByRole('button', { name: 'Criar edição' }).click();

    const warning = dialog.getByRole('alert').filter({ hasText: 'ainda não aconteceu' });
    await warning.waitFor();
    await warning.getByRole('heading', { name: 'A edição atual ainda não aconteceu' }).waitFor();
    expect(await warning.getByRole('paragraph').innerText()).toBe(
      `${current.event.name} ainda não aconteceu e tem 1 inscrição pendente ou confirmada. ` +
        'Com a nova edição, ela fica só para consulta: ninguém mais confirma, envia ingresso ou registra entrada nessa edição.',
    );
    const confirm = dialog.getByRole('button', { name: 'Criar mesmo assim' });
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(creations).toEqual([]);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // 'Voltar' keeps what was typed and makes nothing; asked again, 'Criar mesmo assim' makes it.
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Nome da nova edição').inputValue()).toBe('Build Safe Guarda');
    await dialog.getByRole('button', { name: 'Criar edição' }).click();
    await confirm.click();
    await toast(page, 'Nova edição criada!').waitFor();
    expect(creations.map((body) => JSON.parse(body))).toEqual([
      { date: '2036-12-12', name: 'Build Safe Guarda' },
    ]);
    expect((await storedSettings()).name).toBe('Build Safe Guarda');
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

// After 'editions': it starts an edition of its own.
describe('the Evento screen, left with changes not saved', () => {
  it('brings them back later over what was saved meanwhile, a new edition included, without undoing it', async () => {
    const before = await storedSettings();
    const { page, console } = await openScreen('#evento', 'Evento');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Frase de apresentação').fill('Chamada do rascunho');
    await page.getByText('Alterações não salvas.').waitFor();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Edições' }).click();
    await page.getByRole('heading', { level: 2, name: 'Edições' }).waitFor();

    // Meanwhile another organizer saves the venue and starts the next edition.
    const elsewhere = { ...before, venue: 'Auditório do Outro Organizador' };
    const saved = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: session.cookie },
      json: elsewhere,
    });
    expect(saved.status).toBe(200);
    const next = { date: '2037-03-10', name: 'Build Safe 2037' };
    const created = await server.request(api.adminEditions, {
      method: 'POST',
      headers: { cookie: session.cookie },
      json: next,
    });
    expect(created.status).toBe(201);
    await page.getByRole('banner').getByText(next.name, { exact: true }).waitFor();

    // Back on the form: what this organizer typed, over the settings saved since.
    await nav.getByRole('link', { name: 'Evento' }).click();
    await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
    await page.getByText('Suas alterações ainda não salvas foram recuperadas.').waitFor();
    expect(await field('Frase de apresentação').inputValue()).toBe('Chamada do rascunho');
    expect(await field('Local').inputValue()).toBe(elsewhere.venue);
    expect(await field('Nome do evento').inputValue()).toBe(next.name);
    expect(await field('Data').inputValue()).toBe(next.date);
    await page
      .getByRole('status')
      .getByText('O evento foi salvo em outra tela', { exact: false })
      .waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect(await storedSettings()).toEqual({
      ...elsewhere,
      ...next,
      tagline: 'Chamada do rascunho',
    });
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

describe('the Evento screen, a date that ends the retention', () => {
  it('says which registrations saving would erase at once, and asks before it erases them', async () => {
    const day = 24 * 60 * 60_000;
    const before = { ...(await storedSettings()), date: '2036-06-01', retentionDays: 30 };
    const kept = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: session.cookie },
      json: before,
    });
    expect(kept.status).toBe(200);
    // Two people who registered 40 days ago, one today: the event is still ahead.
    const old = [0, 1].map((i) =>
      servedRegistration(
        { created_at: new Date(Date.now() - 40 * day).toISOString() },
        validRegistration({ nome_completo: `Inscrita Antiga ${i}` }),
      ),
    );
    await seedRegistrations(server.app.db.kysely, old);
    await register(server, { nome_completo: 'Inscrita Hoje' });
    const stored = async () =>
      (
        await server.app.db.kysely
          .selectFrom('registrations')
          .select('nome_completo')
          .where('nome_completo', 'like', 'Inscrita %')
          .orderBy('nome_completo')
          .execute()
      ).map((r) => r.nome_completo);
    expect(await stored()).toEqual(['Inscrita Antiga 0', 'Inscrita Antiga 1', 'Inscrita Hoje']);

    const { page, console } = await openScreen('#evento', 'Evento');
    const writes = settingsWrites(page);
    const date = page.getByLabel('Data', { exact: true });
    await date.waitFor();
    const help = page.locator(`[id="${(await date.getAttribute('id'))!}-ajuda"]`);
    const warning =
      'Atenção: com essa data, o prazo de guarda dos dados já terminou: 2 inscrições desta edição serão apagadas para sempre ao salvar.';
    // The year mistyped: ten years back.
    await date.fill(before.date.replace(/^\d{4}/, (year) => String(Number(year) - 10)));
    await expect.poll(() => help.innerText()).toContain(warning);
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Apagar inscrições ao salvar?' });
    await dialog.getByText(warning).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    // 'Voltar': nothing sent, nothing erased, the date as typed, to correct it.
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(writes).toEqual([]);
    expect(await date.inputValue()).not.toBe(before.date);
    await date.fill(before.date);
    await expect.poll(() => help.innerText()).not.toContain('Atenção');

    // Meant: asked, then saved, and the two erased.
    await date.fill('2020-01-10');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByRole('button', { name: 'Salvar e apagar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect(writes).toHaveLength(1);
    expect((await storedSettings()).date).toBe('2020-01-10');
    await expect.poll(stored).toEqual(['Inscrita Hoje']);
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});

describe('the Evento screen, not told of another save', () => {
  it('saves what this organizer changed without undoing what another saved meanwhile', async () => {
    const before = await storedSettings();
    // The live stream never arrives (a proxy that holds it back, a phone between networks).
    const { page } = await openScreen('#evento', 'Evento', async (page) => {
      await page.route(`**${api.adminLiveStream}`, (route) => route.abort());
    });
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Frase de apresentação').fill('Chamada desta tela');

    const elsewhere = {
      ...before,
      venue: 'Auditório Salvo Sem Aviso',
      name: 'Nome Salvo Sem Aviso',
    };
    const response = await server.request(api.adminEvent, {
      method: 'PUT',
      headers: { cookie: session.cookie },
      json: elsewhere,
    });
    expect(response.status).toBe(200);
    // This form was not told: it still shows the venue it was opened with.
    expect(await field('Local').inputValue()).toBe(before.venue);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Evento salvo!').waitFor();
    expect(await storedSettings()).toEqual({ ...elsewhere, tagline: 'Chamada desta tela' });
    // And the form shows what is saved now.
    expect(await field('Local').inputValue()).toBe(elsewhere.venue);
  });
});

describe('the Evento screen, typing while it saves', () => {
  it('keeps what is typed during a slow save, as a change still to save', async () => {
    const before = await storedSettings();
    const { page, console } = await openScreen('#evento', 'Evento');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Local').fill('Local Enviado');
    // A slow connection: the save takes two seconds to arrive.
    await page.route(`**${api.adminEvent}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Salvando...' }).waitFor();
    await field('Cidade').fill('Cidade Digitada Durante');
    await toast(page, 'Evento salvo!').waitFor();
    expect(await storedSettings()).toEqual({ ...before, venue: 'Local Enviado' });
    expect(await field('Local').inputValue()).toBe('Local Enviado');
    expect(await field('Cidade').inputValue()).toBe('Cidade Digitada Durante');
    await page.getByText('Alterações não salvas.').waitFor();
    expect(await page.getByText('O evento foi salvo em outra tela', { exact: false }).count()).toBe(
      0,
    );
    expect(console.unexpected(browser.problems)).toEqual([]);
  });
});
