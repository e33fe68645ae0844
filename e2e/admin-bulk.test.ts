// Confirming hundreds at once from the panel when not everything goes through: the server stops
// after some of its batches committed (here the database refuses one registration of the second
// batch, a trigger in the test's own SQLite file), or the answer never arrives. The organizer is
// told what was done, the selection stays, and sending it again repeats nothing (0171).
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { api } from '../src/shared/paths.ts';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { toast } from '#test/browser/registration-form.ts';
import { openPanel, register } from '#test/browser/admin-panel.ts';

const bed = panelTestBed();
const { newPage } = bed;

/** `count` pending registrations; the one returned arrived last. */
async function registerMany(count: number) {
  for (let made = 1; made < count; made += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - made) }, (_, i) =>
        register(bed.server, { nome_completo: `Pessoa ${made + i}` }),
      ),
    );
  }
  return register(bed.server, { nome_completo: 'Pessoa Mais Nova' });
}

it('says how many were confirmed when the server stops midway, keeps the selection, and finishes on the second try', async () => {
  const newest = await registerMany(230);
  // Confirmed in arrival order, oldest first: the newest is in the second batch of 200.
  await sql
    .raw(
      `create trigger refuse_one before update of status on registrations
       when new.id = '${newest.id}' and new.status = 'confirmed'
       begin select raise(abort, 'refused by the test'); end`,
    )
    .execute(bed.server.app.db.kysely);
  const { page, console } = await newPage();
  await openPanel(page, bed.server);
  await page.getByRole('button', { name: 'Selecionar todos os pendentes' }).click();
  try {
    await page.getByRole('button', { name: 'Confirmar selecionados (230)' }).click();
    const said = toast(page, '200 inscrições confirmadas');
    await said.waitFor();
    expect(await said.textContent()).toContain(
      '30 não foram confirmadas: Erro interno. Tente novamente em instantes. A seleção foi mantida: confirme de novo, as já confirmadas não se repetem.',
    );
    expect(await said.getAttribute('data-type')).toBe('warning');
  } finally {
    await sql.raw('drop trigger refuse_one').execute(bed.server.app.db.kysely);
  }
  // The same selection, sent again: the rest confirmed, nobody twice.
  await page.getByRole('button', { name: 'Confirmar selecionados (230)' }).click();
  const done = toast(page, '30 inscrições confirmadas');
  await done.waitFor();
  expect(await done.textContent()).toContain('200 já estavam confirmadas.');
  expect(await done.getAttribute('data-type')).toBe('success');
  await page.getByRole('region', { name: 'Ações em lote' }).waitFor({ state: 'detached' });
  // No 500 reached the page: the refused batch is in the answer.
  expect(console.unexpected(bed.browser.problems)).toEqual([]);
}, 120_000);

it('when no answer comes, says the server may have confirmed them anyway', async () => {
  await register(bed.server, { nome_completo: 'Ana Lenta' });
  await register(bed.server, { nome_completo: 'Bruno Lento' });
  const { page, console } = await newPage();
  await openPanel(page, bed.server);
  await page.getByRole('button', { name: 'Selecionar todos os pendentes' }).click();
  // The request reaches the server; its answer is lost on the way back.
  await page.route(`**${api.adminBulkConfirm}`, async (route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Confirmar selecionados (2)' }).click();
  const said = toast(page, 'Não foi possível confirmar as inscrições selecionadas.');
  await said.waitFor();
  expect(await said.textContent()).toContain(
    'Sem conexão com o servidor. Verifique sua internet. Parte delas pode ter sido confirmada: confira a lista. Confirmar de novo não repete nenhuma.',
  );
  // And indeed they were: the live list shows it.
  await page.getByText('2 confirmadas', { exact: false }).waitFor();
  const unexpected = console
    .unexpected(bed.browser.problems)
    .filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem));
  expect(unexpected).toEqual([]);
});

it('keeps the boxes ticked while a confirmation was on its way, and drops only those it confirmed', async () => {
  await register(bed.server, { nome_completo: 'Ana Primeira' });
  await register(bed.server, { nome_completo: 'Bruno Segundo' });
  await register(bed.server, { nome_completo: 'Carla Depois' });
  const { page, console } = await newPage();
  await openPanel(page, bed.server);
  await page.getByRole('checkbox', { name: 'Selecionar Ana Primeira' }).check();
  await page.getByRole('checkbox', { name: 'Selecionar Bruno Segundo' }).check();
  // The answer is held until Carla's box is ticked.
  let release!: () => void;
  const ticked = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${api.adminBulkConfirm}`, async (route) => {
    await ticked;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Confirmar selecionados (2)' }).click();
  await page.getByRole('button', { name: 'Confirmando...' }).waitFor();
  await page.getByRole('checkbox', { name: 'Selecionar Carla Depois' }).check();
  release();
  await toast(page, '2 inscrições confirmadas').waitFor();
  // Carla is still selected, alone: her confirmation is the organizer's next step.
  await page.getByRole('button', { name: 'Confirmar selecionados (1)' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'Selecionar Carla Depois' }).isChecked()).toBe(
    true,
  );
  expect(await page.getByRole('checkbox', { name: 'Selecionar Ana Primeira' }).isChecked()).toBe(
    false,
  );
  expect(console.unexpected(bed.browser.problems)).toEqual([]);
});
