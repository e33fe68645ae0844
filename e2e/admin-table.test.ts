// The registrations as a table (issue 31.12), in Chromium against the real server: 'Tabela' beside
// 'Cartões', sorted by name and by date, rows picked with the mouse and the arrow keys and confirmed
// with the same bulk action as the cards, the choice kept after a reload, axe clean; and the table
// on a 360 px phone.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { toast } from '#test/browser/registration-form.ts';
import { animationsDone, openPanel, register } from '#test/browser/admin-panel.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';

const bed = panelTestBed();
const phones: TestBrowser[] = [];

afterAll(async () => {
  for (const phone of phones) await phone.close();
});

/** Carla first, then Ana, then Bruno: the newest is Bruno. */
async function registerThree() {
  const made = [];
  for (const nome_completo of ['Carla Dias', 'ana Souza', 'Bruno Álvares']) {
    made.push(await register(bed.server, { nome_completo }));
  }
  return made;
}

/** The names in the table's rows, top to bottom. */
async function rowNames(page: Page): Promise<string[]> {
  return page.getByRole('table').getByRole('rowheader').allInnerTexts();
}

describe('the table view', () => {
  it('sorts, selects with mouse and keys, confirms in bulk, and is kept after a reload', async () => {
    await registerThree();
    const { page, console } = await bed.newPage();
    await openPanel(page, bed.server);
    const layout = page.getByRole('group', { name: 'Exibir como' });
    await layout.getByRole('button', { name: 'Cartões' }).waitFor();
    expect(await layout.getByRole('button', { name: 'Cartões' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await layout.getByRole('button', { name: 'Tabela' }).click();
    const table = page.getByRole('table');
    await table.waitFor();
    // Newest first, as the cards.
    expect(await rowNames(page)).toEqual(['Bruno Álvares', 'ana Souza', 'Carla Dias']);
    const row = table.getByRole('row', { name: /Carla Dias/ });
    await row.getByText('Pendente').waitFor();
    await row.getByText('Não entrou').waitFor();

    // By name, as pt-BR sorts it (capitals and accents aside), then the other way round.
    const byName = table.getByRole('button', { name: /^Nome/ });
    await byName.click();
    expect(await rowNames(page)).toEqual(['ana Souza', 'Bruno Álvares', 'Carla Dias']);
    expect(await table.getByRole('columnheader', { name: /^Nome/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await byName.click();
    expect(await rowNames(page)).toEqual(['Carla Dias', 'Bruno Álvares', 'ana Souza']);
    // By date: oldest first on the second click.
    const byDate = table.getByRole('button', { name: /^Inscrição/ });
    await byDate.click();
    expect(await rowNames(page)).toEqual(['Bruno Álvares', 'ana Souza', 'Carla Dias']);
    await byDate.click();
    expect(await rowNames(page)).toEqual(['Carla Dias', 'ana Souza', 'Bruno Álvares']);

    // The mouse picks Carla; the arrow key moves to Ana's box, the space bar picks her.
    await page.getByRole('checkbox', { name: 'Selecionar Carla Dias' }).check();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? ''))
      .toContain('ana Souza');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Selecionar ana Souza' }).isChecked()).toBe(
      true,
    );
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);

    // The cards' bulk action, on what the table picked.
    await page.getByRole('button', { name: 'Confirmar selecionados (2)' }).click();
    await toast(page, '2 inscrições confirmadas').waitFor();
    await table
      .getByRole('row', { name: /Carla Dias/ })
      .getByText('Confirmado')
      .waitFor();
    await table
      .getByRole('row', { name: /ana Souza/ })
      .getByText('Confirmado')
      .waitFor();
    const stored = await bed.server.app.db.kysely
      .selectFrom('registrations')
      .select(['nome_completo', 'status'])
      .orderBy('nome_completo')
      .execute();
    expect(stored).toEqual([
      { nome_completo: 'Bruno Álvares', status: 'pending' },
      { nome_completo: 'Carla Dias', status: 'confirmed' },
      { nome_completo: 'ana Souza', status: 'confirmed' },
    ]);

    // Kept in this browser: the table, in the order last chosen.
    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await rowNames(page)).toEqual(['Carla Dias', 'ana Souza', 'Bruno Álvares']);
    expect(
      await page
        .getByRole('group', { name: 'Exibir como' })
        .getByRole('button', { name: 'Tabela' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // Back to the cards for the next tests of this browser.
    await page.getByRole('button', { name: 'Cartões' }).click();
    await page.getByRole('list', { name: /inscrições/ }).waitFor();
    expect(console.unexpected(bed.browser.problems)).toEqual([]);
  });
});

describe('on a 360 px phone', () => {
  it('shows the first person on the first screen, as a card and as a row; the table scrolls in its box', async () => {
    await registerThree();
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 } });
    phones.push(phone);
    const page = await phone.newPage();
    await openPanel(page, bed.server);
    // The first person on the first screen (issue 31.12), as a card and as a row.
    const first = page.getByRole('heading', { level: 2, name: 'Bruno Álvares' });
    await first.waitFor();
    const card = (await first.boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.getByRole('button', { name: 'Tabela' }).click();
    const cell = page.getByRole('rowheader', { name: 'Bruno Álvares' });
    await cell.waitFor();
    const row = (await cell.boundingBox())!;
    expect(row.y + row.height).toBeLessThanOrEqual(740);
    // The page itself does not scroll sideways: the table does, in its box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
