// The first start ends on the organizer's event (issue 33.7, decisions 0227, 0228), in Chromium:
// the setup link makes the first admin, one more screen asks for the event's name, date, time,
// time zone, city and venue (the phones' country proposed from the zone), and what it saves is on
// the landing page; 'Pular' keeps the example's. The screen is owed until answered, through a
// reload; it passes axe, works by keyboard, and keeps what was typed when a field is refused.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEvent } from '../src/shared/event.ts';
import { eventFieldMessages } from '../src/shared/event-fields.ts';
import { paths, setupLanding } from '../src/shared/paths.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, hydrated, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { keptLog, printedLink, type KeptLog } from '#test/servers/setup-link.ts';

let browser: TestBrowser;
const servers: TestServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** A new install, its first admin made through the printed link: the page on the screen after. */
async function firstAdminMade(): Promise<{ server: TestServer; page: Page }> {
  const log: KeptLog = keptLog();
  const server = await startAppServer({}, { logStream: log.stream });
  servers.push(server);
  const page = await browser.newPage();
  await page.goto(printedLink(log.text()));
  await hydrated(page);
  await page.getByLabel('E-mail', { exact: true }).fill('organizadora@exemplo.com');
  await page.getByLabel('Senha', { exact: true }).fill('uma senha bem comprida');
  await page.getByLabel('Repita a senha').fill('uma senha bem comprida');
  await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
  await page.waitForURL(server.url + setupLanding);
  await page.getByRole('heading', { level: 1, name: 'Seu evento' }).waitFor();
  return { server, page };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorOf = (page: Page, label: string) =>
  field(page, label).evaluate((input) => {
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').find((t) => t) ?? '';
  });
const isFocused = (page: Page, label: string) =>
  field(page, label).evaluate((element) => element === document.activeElement);

/** The landing page as a visitor gets it. */
async function landingText(server: TestServer): Promise<string> {
  const page = await browser.newPage();
  await page.goto(server.url + paths.home);
  const text = await page.locator('main').innerText();
  await page.close();
  return text;
}

describe("the first start's event screen", () => {
  it('saves the name, date, time, zone, city and venue, with Brazil proposed for the phones', async () => {
    const { server, page } = await firstAdminMade();
    expect(await page.title()).toContain('Seu evento');
    // The example's name, date and place are left for the organizer to type.
    expect(await field(page, 'Nome do evento').inputValue()).toBe('');
    expect(await field(page, 'Local').inputValue()).toBe('');
    expect(await field(page, 'País dos telefones (WhatsApp)').inputValue()).toBe('US');
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the name, then a venue left empty is refused at its field, nothing else lost.
    await field(page, 'Nome do evento').fill('Meetup Dev Recife');
    await field(page, 'Data').fill('2027-03-20');
    await field(page, 'Horário de início').fill('19:00');
    const zone = field(page, 'Fuso horário');
    await zone.fill('Recife');
    await page
      .getByRole('option', { name: 'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)' })
      .waitFor();
    await zone.press('ArrowDown');
    await zone.press('Enter');
    // The chosen name comes with the render after the key, not with the key itself.
    await expect
      .poll(() => zone.inputValue())
      .toBe('Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)');
    // A Brazilian zone proposes Brazil's phones.
    await expect.poll(() => field(page, 'País dos telefones (WhatsApp)').inputValue()).toBe('BR');
    await field(page, 'Cidade').fill('Recife, PE');
    await field(page, 'Cidade').press('Enter');
    await expect.poll(() => errorOf(page, 'Local')).toBe(eventFieldMessages.required);
    expect(await field(page, 'Local').getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(page, 'Local')).toBe(true);
    expect(await field(page, 'Nome do evento').inputValue()).toBe('Meetup Dev Recife');
    expect(await field(page, 'Cidade').inputValue()).toBe('Recife, PE');
    expect(await axeViolations(page)).toEqual([]);

    await field(page, 'Local').fill('Auditório do Porto Digital');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    // Then the panel, on 'Evento', with the rest of the settings.
    await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
    expect(await field(page, 'Local').inputValue()).toBe('Auditório do Porto Digital');

    expect(server.app.editions.current().settings).toMatchObject({
      name: 'Meetup Dev Recife',
      date: '2027-03-20',
      time: '19:00',
      timeZone: 'America/Sao_Paulo',
      city: 'Recife, PE',
      venue: 'Auditório do Porto Digital',
      phoneCountry: 'BR',
    });
    const landing = await landingText(server);
    expect(landing).toContain('Meetup Dev Recife');
    expect(landing).toContain('20 de março');
    expect(landing).toContain('Auditório do Porto Digital');
    expect(landing).not.toContain(defaultEvent.name);

    // Answered: a reload is the panel.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Seu evento' }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });

  it("is owed through a reload, and 'Pular' keeps the example's event", async () => {
    const { server, page } = await firstAdminMade();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Seu evento' }).waitFor();

    await page.getByRole('button', { name: 'Pular' }).click();
    await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
    expect(server.app.editions.current().settings).toEqual(defaultEvent);
    expect(await landingText(server)).toContain(defaultEvent.name);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Evento' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Seu evento' }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });
});
