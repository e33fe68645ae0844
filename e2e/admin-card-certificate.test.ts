// A card's certificate in the panel (issue 36.2, 36.4), in Chromium against the real server:
// 'Emitir certificado' on a confirmed person without one, 'Revogar certificado' asked once in the
// card before it revokes, and after 'Desfazer entrada' on someone whose certificate was issued,
// the card asks whether to revoke it; 'Excluir inscrição?' asks whether to keep an issued one
// (issue 36.7); what the server stores follows; axe clean.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificatesOn } from '#test/api/certificates.ts';
import { startSession } from '#test/api/sessions.ts';
import { admin, animationsDone, card, openPanel } from '#test/browser/admin-panel.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { checkInElsewhere, confirmedRegistration } from '#test/browser/door.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import type { TestServer } from '#test/servers/test-server.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startAppServer(admin);
  browser = await launchBrowser();
  const session = await startSession(server.app.db.kysely);
  await certificatesOn(server, session.cookie, { hoursAgo: 1 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const stored = (id: string) =>
  server.app.db.kysely
    .selectFrom('certificates')
    .select(['code', 'name', 'revoked_at'])
    .where('registration_id', '=', id)
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();

it('issues one by hand from the card, and revokes it after asking in the card', async () => {
  browser.problems.length = 0;
  const caio = await confirmedRegistration(server, { nome_completo: 'Caio Palestrante' });
  const page = await browser.newPage();
  await openPanel(page, server);
  const caioCard = card(page, 'Caio Palestrante');
  const issue = caioCard.getByRole('button', { name: 'Emitir certificado' });
  await issue.click();
  await caioCard.getByText(/^Certificado emitido em /).waitFor();
  await page.getByText('Certificado emitido', { exact: true }).waitFor();
  expect(await issue.count()).toBe(0);
  expect(await stored(caio.id)).toMatchObject({ name: 'Caio Palestrante', revoked_at: null });
  await caioCard.getByRole('link', { name: 'Baixar certificado' }).waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  // Asked first; 'Manter certificado' keeps it.
  await caioCard.getByRole('button', { name: 'Revogar certificado' }).click();
  const question = caioCard.getByRole('group', { name: 'Revogar certificado' });
  await question.getByText(/^Revogar o certificado de Caio Palestrante\?/).waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Manter certificado' }).click();
  expect(await question.count()).toBe(0);
  expect((await stored(caio.id))?.revoked_at).toBeNull();

  await caioCard.getByRole('button', { name: 'Revogar certificado' }).click();
  await question.getByRole('button', { name: 'Revogar certificado' }).click();
  await caioCard.getByText(/^Certificado revogado em /).waitFor();
  expect(await stored(caio.id)).toMatchObject({ name: '', revoked_at: expect.any(String) });
  // Revoked: it may be issued again, with a new code.
  await caioCard.getByRole('button', { name: 'Emitir certificado' }).waitFor();
  expect(browser.problems).toEqual([]);
  await page.close();
});

it("asks whether to revoke after 'Desfazer entrada' on someone whose certificate was issued", async () => {
  browser.problems.length = 0;
  const dora = await confirmedRegistration(server, { nome_completo: 'Dora Desfeita' });
  await checkInElsewhere(server, dora.ticket_code);
  const page = await browser.newPage();
  await openPanel(page, server);
  const doraCard = card(page, 'Dora Desfeita');
  await doraCard.getByRole('button', { name: 'Emitir certificado' }).click();
  await doraCard.getByText(/^Certificado emitido em /).waitFor();

  await doraCard.getByRole('button', { name: 'Desfazer entrada' }).click();
  await doraCard.getByText('Ainda não entrou').waitFor();
  const question = doraCard.getByRole('group', { name: 'Revogar certificado' });
  await question
    .getByText(
      'A entrada foi desfeita, mas o certificado de Dora Desfeita já foi emitido. Revogar o certificado?',
    )
    .waitFor();
  // Asked with the focus on the answer that acts, within the card.
  expect(
    await question
      .getByRole('button', { name: 'Revogar certificado' })
      .evaluate((button) => button === document.activeElement),
  ).toBe(true);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await doraCard.getByText(/^Certificado revogado em /).waitFor();
  expect((await stored(dora.id))?.revoked_at).toEqual(expect.any(String));

  // Undone with no certificate standing: nothing is asked.
  const eva = await confirmedRegistration(server, { nome_completo: 'Eva Sem Certificado' });
  await checkInElsewhere(server, eva.ticket_code);
  const evaCard = card(page, 'Eva Sem Certificado');
  await evaCard.getByRole('button', { name: 'Desfazer entrada' }).click();
  await evaCard.getByText('Ainda não entrou').waitFor();
  expect(await evaCard.getByRole('group', { name: 'Revogar certificado' }).count()).toBe(0);
  expect(browser.problems).toEqual([]);
  await page.close();
});

it("asks in 'Excluir inscrição?' whether to keep an issued certificate: kept when ticked, erased when not", async () => {
  browser.problems.length = 0;
  const kept = await confirmedRegistration(server, { nome_completo: 'Flávia Mantida' });
  const erased = await confirmedRegistration(server, { nome_completo: 'Gil Apagado' });
  await confirmedRegistration(server, { nome_completo: 'Hugo Sem Certificado' });
  const page = await browser.newPage();
  await openPanel(page, server);
  for (const name of ['Flávia Mantida', 'Gil Apagado']) {
    await card(page, name).getByRole('button', { name: 'Emitir certificado' }).click();
    await card(page, name)
      .getByText(/^Certificado emitido em /)
      .waitFor();
  }
  const codeOf = async (id: string) => (await stored(id))!.code;
  const [keptCode, erasedCode] = [await codeOf(kept.id), await codeOf(erased.id)];

  await card(page, 'Flávia Mantida').getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Excluir inscrição?' });
  const keep = dialog.getByRole('checkbox', {
    name: 'Manter o certificado de participação verificável',
  });
  expect(await keep.isChecked()).toBe(true);
  await dialog.getByText(/^Por 5 anos depois de emitido/).waitFor();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await card(page, 'Flávia Mantida').waitFor({ state: 'detached' });
  const certificate = (code: string) =>
    server.app.db.kysely
      .selectFrom('certificates')
      .select(['name', 'registration_id'])
      .where('code', '=', code)
      .executeTakeFirst();
  // The card can be missing from the page for a moment before the deletion is answered (a CI
  // saw the row unchanged right after): the stored rows are awaited, not read once.
  await expect
    .poll(() => certificate(keptCode))
    .toEqual({ name: 'Flávia Mantida', registration_id: null });

  await card(page, 'Gil Apagado').getByRole('button', { name: 'Excluir' }).click();
  expect(await keep.isChecked()).toBe(true);
  await keep.uncheck();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await card(page, 'Gil Apagado').waitFor({ state: 'detached' });
  await expect.poll(() => certificate(erasedCode)).toBeUndefined();

  // No certificate: nothing asked.
  await card(page, 'Hugo Sem Certificado').getByRole('button', { name: 'Excluir' }).click();
  await dialog.waitFor();
  expect(await keep.count()).toBe(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect(browser.problems).toEqual([]);
  await page.close();
});
