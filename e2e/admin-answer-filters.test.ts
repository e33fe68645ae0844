// The answers to the organizer's choice questions where the organizer looks (issue 34.4, 34.7):
// the list filtered by an option ('Tamanho da camiseta: M'), and 'Resultados' with, for each
// choice question, a table of how many picked each option with a bar beside each count. Chromium
// against the real server and its SQLite file, at 1280 px and 360 px, axe clean.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import { animationsDone, card, openPanel, register } from '#test/browser/admin-panel.ts';
import { axeViolations } from '#test/browser/browser.ts';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { meetupQuestions, saveForm } from '#test/builders/form-questions.ts';

const bed = panelTestBed();

/** Four people: sizes M, M, G and P (the last one cancelled), themes picked by some. */
async function fourPeople() {
  const session = await startSession(bed.server.app.db.kysely);
  const { questions } = await saveForm(bed.server, session.cookie, { questions: meetupQuestions });
  const [cargo, size, themes, first] = questions;
  const option = (question: typeof size, label: string) =>
    question!.options.find((o) => o.label === label)!.id;
  const people = [
    ['Ana Tamanho', 'M', ['Frontend', 'Dados']],
    ['Bruno Tamanho', 'M', ['Frontend']],
    ['Carla Tamanho', 'G', []],
    ['Davi Tamanho', 'P', ['Backend']],
  ] as const;
  const ids: string[] = [];
  for (const [name, picked, topics] of people) {
    const registration = await register(bed.server, {
      nome_completo: name,
      respostas: {
        [cargo!.id]: 'Dev',
        [size!.id]: option(size, picked),
        ...(topics.length > 0 && { [themes!.id]: topics.map((t) => option(themes, t)) }),
        [first!.id]: name.startsWith('Ana'),
      },
    });
    ids.push(registration.id);
  }
  // Davi cancelled: his answers stay on his card, not in the counts of who is coming.
  await bed.server.app.db.kysely
    .updateTable('registrations')
    .set({ status: 'cancelled' })
    .where('id', '=', ids[3]!)
    .execute();
  return session;
}

const names = (page: Page) =>
  page.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();

it("filters the list by an option of a choice question ('Tamanho da camiseta: M')", async () => {
  await fourPeople();
  const { page } = await bed.newPage();
  await openPanel(page, bed.server);
  await card(page, 'Davi Tamanho').waitFor();
  const filter = page.getByLabel('Resposta', { exact: true });
  await filter.selectOption({ label: 'Tamanho da camiseta: M' });
  await expect
    .poll(async () => (await names(page)).sort())
    .toEqual(['Ana Tamanho', 'Bruno Tamanho']);
  await filter.selectOption({ label: 'Temas de interesse: Backend' });
  await expect.poll(() => names(page)).toEqual(['Davi Tamanho']);
  await filter.selectOption({ label: 'É sua primeira vez?: Sim' });
  await expect.poll(() => names(page)).toEqual(['Ana Tamanho']);
  // With the search box: both narrow.
  await filter.selectOption({ label: 'Tamanho da camiseta: M' });
  await page.getByRole('searchbox').fill('bruno');
  await expect.poll(() => names(page)).toEqual(['Bruno Tamanho']);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await filter.selectOption({ label: 'Todas as respostas' });
  await page.getByRole('searchbox').fill('');
  await expect.poll(async () => (await names(page)).length).toBe(4);
});

it("shows in 'Resultados' how many picked each option, as a table with bars, at 1280 and 360 px", async () => {
  await fourPeople();
  const { page } = await bed.newPage();
  await openPanel(page, bed.server);
  await page.goto(`${bed.server.url}${paths.admin}#resultados`);
  const size = page.getByRole('table', { name: 'Tamanho da camiseta' });
  await size.waitFor();
  const rows = (table: typeof size) =>
    table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]),
      );
  // Davi (P) cancelled: not counted.
  expect(await rows(size)).toEqual([
    ['P', '0'],
    ['M', '2'],
    ['G', '1'],
  ]);
  expect(await rows(page.getByRole('table', { name: 'Temas de interesse' }))).toEqual([
    ['Frontend', '2'],
    ['Backend', '0'],
    ['Dados', '1'],
    ['Segurança', '0'],
  ]);
  expect(await rows(page.getByRole('table', { name: 'É sua primeira vez?' }))).toEqual([
    ['Sim', '1'],
    ['Não', '2'],
  ]);
  // No table for a question without options.
  expect(await page.getByRole('table', { name: 'Cargo' }).count()).toBe(0);
  // The bars are drawn, and hidden from screen readers (the table says the numbers).
  const bars = size.locator('tbody [aria-hidden="true"] > span');
  expect(
    await bars.evaluateAll((spans) => spans.map((s) => (s as HTMLElement).style.width)),
  ).toEqual(['0%', '100%', '50%']);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
});
