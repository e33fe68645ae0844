// 'Evento' → 'Certificado' in the panel (issue 36.1, 36.8), in Chromium against the real server and
// its SQLite file: off by default, the hours' default from the event's duration, the placeholders
// explained in pt-BR, one or two signers with their images, a live preview that says what the PDF says; a wrong part named at its input in pt-BR with nothing
// typed lost, then saved and read back from the API; by keyboard, at 1280 and 360 px, axe clean.
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificatePdf } from '../src/server/certificates/certificate-pdf.ts';
import { certificateMessages } from '../src/shared/certificate-settings.schema.ts';
import { defaultCertificateText } from '../src/shared/certificate-text.ts';
import { api } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  animationsDone,
  openEventScreen as openEventScreenOf,
  storedSettings as storedSettingsOf,
} from '#test/browser/admin-panel.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storedSettings = () => storedSettingsOf(server, session);
const openEventScreen = () => openEventScreenOf(browser, server, session);

it('sets the certificate by keyboard at 1280 px: errors at their inputs, nothing typed lost, saved as typed', async () => {
  const page = await openEventScreen();
  await page.setViewportSize({ width: 1280, height: 800 });
  const section = page.getByRole('group', { name: 'Certificado', exact: true });
  const enabled = section.getByLabel('Emitir certificados de participação');
  expect(await enabled.isChecked()).toBe(false);
  expect(await section.getByLabel('Texto', { exact: true }).inputValue()).toBe(
    defaultCertificateText,
  );
  for (const line of ['{nome}', '{evento}', '{data}', '{local}', '{carga_horaria}'])
    await section.getByText(line, { exact: true }).waitFor();
  await section.getByText('o nome de quem participou').waitFor();

  // The default hours follow the event's duration (210 minutes: 3,5 horas).
  await page.getByLabel('Duração (minutos)', { exact: true }).fill('210');
  const hours = section.getByLabel('Carga horária (horas)');
  expect(await hours.getAttribute('placeholder')).toBe('3,5');
  await section.getByText(/arredondada à meia hora \(hoje, 3,5 horas\)/).waitFor();

  // By keyboard: on, hours wrong, a first signer named only, a second added.
  await enabled.focus();
  await page.keyboard.press('Space');
  expect(await enabled.isChecked()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.type('7,25');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Parabéns!');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ana Beatriz Souza');
  await section.getByRole('button', { name: 'Adicionar segunda assinatura' }).press('Enter');
  const second = section.getByRole('group', { name: 'Assinatura 2' });
  await second.getByLabel(/^Nome/).fill('Zoë Ñandú');
  await second.getByLabel(/^Cargo/).fill('Diretora');
  await page.getByRole('button', { name: 'Salvar' }).click();

  // Named at each input in pt-BR, the first in error focused, nothing saved, nothing lost.
  await expect.poll(() => hours.getAttribute('aria-invalid')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('evento-certificate-hours');
  await section.getByText(certificateMessages.hours).waitFor();
  const firstRole = section.getByRole('group', { name: 'Assinatura 1' }).getByLabel(/^Cargo/);
  expect(await firstRole.getAttribute('aria-invalid')).toBe('true');
  await section.getByText(certificateMessages.signerRole(120)).waitFor();
  expect((await storedSettings()).certificate.enabled).toBe(false);
  expect(await hours.inputValue()).toBe('7,25');
  expect(await second.getByLabel(/^Nome/).inputValue()).toBe('Zoë Ñandú');
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await hours.fill('7,5');
  await firstRole.fill('Coordenadora');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  expect((await storedSettings()).certificate).toEqual({
    enabled: true,
    hours: 7.5,
    text: `${defaultCertificateText} Parabéns!`,
    signers: [
      { name: 'Ana Beatriz Souza', role: 'Coordenadora' },
      { name: 'Zoë Ñandú', role: 'Diretora' },
    ],
  });

  // The second signer removed, the hours emptied (the event's duration): saved so.
  await section.getByRole('button', { name: 'Remover segunda assinatura' }).click();
  await hours.fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect
    .poll(async () => (await storedSettings()).certificate)
    .toMatchObject({ hours: null, signers: [{ name: 'Ana Beatriz Souza' }] });
  expect((await storedSettings()).certificate.signers).toHaveLength(1);
  await page.close();
});

it('fits a 360 px phone: the section no wider than the screen, axe clean', async () => {
  const page = await openEventScreen();
  await page.setViewportSize({ width: 360, height: 740 });
  const section = page.getByRole('group', { name: 'Certificado', exact: true });
  await section.getByRole('button', { name: /segunda assinatura/ }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await section.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});

/** The words, however the lines were broken. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

it('previews the certificate as the organizer types, in the words and signers the PDF prints', async () => {
  const page = await openEventScreen();
  await page.setViewportSize({ width: 1280, height: 800 });
  const section = page.getByRole('group', { name: 'Certificado', exact: true });
  const preview = section.getByRole('figure', { name: 'Prévia do certificado' });
  const body = preview.locator('[data-certificate-text]');
  const typed =
    'Certificamos que {nome} esteve no {evento} em {data}, em {local}: {carga_horaria}.';
  await section.getByLabel('Texto', { exact: true }).fill(typed);
  await section.getByLabel('Carga horária (horas)').fill('7,5');
  const first = section.getByRole('group', { name: 'Assinatura 1' });
  await first.getByLabel(/^Nome/).fill('Zoë Ñandú');
  await first.getByLabel(/^Cargo/).fill('Coordenadora');
  await expect.poll(() => body.textContent()).toContain('7,5 horas');
  await preview.getByText('Zoë Ñandú').waitFor();
  await preview.getByText('Coordenadora').waitFor();
  expect(await preview.getByText('Conceição Araújo', { exact: true }).count()).toBe(1);

  // The PDF made from the same settings says the same words.
  const event = await storedSettings();
  const pdf = await certificatePdf({
    code: 'ABCD-EFGH-JKMN-PQRS',
    name: 'Conceição Araújo',
    eventName: event.name,
    eventDate: event.date,
    place: `${event.venue}, ${event.city}`,
    hours: 7.5,
    text: typed,
    signers: [{ name: 'Zoë Ñandú', role: 'Coordenadora' }],
    verificationUrl: 'https://exemplo.com/certificado/ABCD-EFGH-JKMN-PQRS',
    issuedAt: new Date(),
  });
  const printed = words(
    execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString(),
  );
  const shown = words((await body.textContent()) ?? '');
  expect(shown).toContain(`esteve no ${event.name}`);
  expect(printed).toContain(shown);

  // It follows the text a moment after typing stops.
  await section.getByLabel('Texto', { exact: true }).fill('Obrigado, {nome}!');
  await expect.poll(() => body.textContent()).toBe('Obrigado, Conceição Araújo!');
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});

it("takes a signer's image: a JPEG refused in pt-BR at its field, a PNG shown in the preview above the line with the logo, and saved", async () => {
  const stroke = (format: 'png' | 'jpeg') =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 150 0, 300 200, 580 60" stroke="#13307a" stroke-width="14" fill="none"/></svg>',
      ),
    )
      .toFormat(format)
      .toBuffer();
  const logo = await server.request(api.adminEventLogo, {
    method: 'PUT',
    headers: { cookie: session.cookie, 'content-type': 'image/png' },
    body: new Uint8Array(
      await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0d4d8c' } })
        .png()
        .toBuffer(),
    ),
  });
  expect(logo.status).toBe(200);
  const page = await openEventScreen();
  await page.setViewportSize({ width: 1280, height: 800 });
  const section = page.getByRole('group', { name: 'Certificado', exact: true });
  const preview = section.getByRole('figure', { name: 'Prévia do certificado' });
  const first = section.getByRole('group', { name: 'Assinatura 1' });
  await first.getByLabel(/^Nome/).fill('Zoë Ñandú');
  await first.getByLabel(/^Cargo/).fill('Coordenadora');
  const image = first.getByLabel(/^Imagem da assinatura/);

  await image.setInputFiles({
    name: 'assinatura.jpg',
    mimeType: 'image/jpeg',
    buffer: await stroke('jpeg'),
  });
  await first.getByText('Envie a assinatura como imagem PNG.').waitFor();
  expect(await image.getAttribute('aria-invalid')).toBe('true');

  await image.setInputFiles({
    name: 'assinatura.png',
    mimeType: 'image/png',
    buffer: await stroke('png'),
  });
  await first.getByRole('img', { name: 'Imagem da assinatura 1' }).waitFor();
  expect(await image.getAttribute('aria-invalid')).toBeNull();
  // In the preview: the logo and the signature, each loaded from its stored address.
  const pictures = preview.locator('img');
  await expect.poll(() => pictures.count()).toBe(2);
  await expect
    .poll(() =>
      pictures.evaluateAll((all) =>
        all.map(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toEqual([true, true]);
  const sources = await pictures.evaluateAll((all) => all.map((img) => img.getAttribute('src')));
  expect(sources[0]).toBe((await storedSettings()).logo?.url);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  const stored = (await storedSettings()).certificate.signers[0];
  expect(stored).toMatchObject({
    name: 'Zoë Ñandú',
    image: { url: sources[1], width: 360, height: 120 },
  });
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  // 'Remover imagem': the line alone again, saved so.
  await first.getByRole('button', { name: 'Remover imagem' }).click();
  await expect.poll(() => pictures.count()).toBe(1);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect
    .poll(async () => (await storedSettings()).certificate.signers[0])
    .toEqual({ name: 'Zoë Ñandú', role: 'Coordenadora' });
  await page.close();
});
