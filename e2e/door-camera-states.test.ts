// The check-in screen in each state its camera can be in, in real Chromium: a camera at work, one
// still opening, none at all, one refused, and a page on an insecure address (no camera API).
// axe-core must find nothing in any of them, and what the camera box says must be readable.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { admin } from '#test/browser/admin-panel.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type LaunchOptions } from '#test/browser/browser.ts';
import { cameraVideo, openDoor, removeCameraVideos } from '#test/browser/door.ts';

let server: TestServer;
let blankVideo: string;

beforeAll(async () => {
  server = await startAppServer(admin);
  blankVideo = cameraVideo([]);
});

afterAll(async () => {
  await server?.close();
  removeCameraVideos();
});

const phone = { width: 360, height: 740 };

function cameraBox(page: Page) {
  return page.getByRole('region', { name: 'Câmera' });
}

/**
 * The WCAG contrast ratio of an element's text on its own background, walking up to the first
 * opaque background (what a person sees: axe may leave text over a <video> undecided).
 */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    let background: number[] | undefined;
    for (let node: Element | null = element; node && !background; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] === 255) background = color;
    }
    const text = luminance(rgba(getComputedStyle(element).color));
    const back = luminance(background ?? [255, 255, 255]);
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
}

/** Opens /portaria signed in as a door account, in a browser launched with `options`. */
async function doorIn(options: LaunchOptions, init?: () => void) {
  const browser = await launchBrowser({ viewport: phone, ...options });
  const page = await browser.newPage();
  if (init) await page.addInitScript(init);
  await openDoor(page, server);
  return { browser, page };
}

async function expectNoViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
  );
  expect(await axeViolations(page)).toEqual([]);
}

describe('the camera box, in every state', () => {
  it('at work: the picture and where to hold the ticket', async () => {
    const { browser, page } = await doorIn({ camera: blankVideo });
    try {
      await page.locator('.door-camera[data-state="scanning"]').waitFor();
      expect(await cameraBox(page).getByRole('alert').count()).toBe(0);
      await expectNoViolations(page);
      expect(browser.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('still opening: says so while the browser has not given the camera yet', async () => {
    // The browser's own camera API held unanswered, as while a phone asks for permission.
    const { browser, page } = await doorIn({ camera: blankVideo }, () => {
      navigator.mediaDevices.getUserMedia = () => new Promise<MediaStream>(() => {});
    });
    try {
      await cameraBox(page).getByRole('status').getByText('Abrindo a câmera...').waitFor();
      await expectNoViolations(page);
      expect(browser.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('no camera on the phone: says so, and its Tentar de novo button is readable', async () => {
    // The permission is given, but there is no device to open.
    const { browser, page } = await doorIn({ permissions: ['camera'] });
    try {
      const alert = cameraBox(page).getByRole('alert');
      await alert
        .getByText('Nenhuma câmera encontrada neste aparelho.', { exact: false })
        .waitFor();
      await alert.getByRole('button', { name: 'Tentar de novo' }).waitFor();
      await expectNoViolations(page);
      expect(await contrastOf(page, '.door-camera-message button')).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(page, '.door-camera-message p')).toBeGreaterThanOrEqual(4.5);
    } finally {
      await browser.close();
    }
  });

  it('camera refused: says how to allow it, and its Tentar de novo button is readable', async () => {
    const { browser, page } = await doorIn({
      camera: blankVideo,
      permissions: [],
      args: ['--deny-permission-prompts'],
    });
    try {
      const alert = cameraBox(page).getByRole('alert');
      await alert.getByText('O acesso à câmera foi negado.', { exact: false }).waitFor();
      await alert.getByRole('button', { name: 'Tentar de novo' }).waitFor();
      await expectNoViolations(page);
      expect(await contrastOf(page, '.door-camera-message button')).toBeGreaterThanOrEqual(4.5);
    } finally {
      await browser.close();
    }
  });

  it('an insecure address (plain http on a LAN name): says the camera needs https', async () => {
    const host = 'portaria.test';
    const port = new URL(server.url).port;
    const browser = await launchBrowser({
      viewport: phone,
      camera: blankVideo,
      args: [`--host-resolver-rules=MAP ${host} 127.0.0.1`],
    });
    try {
      const page = await browser.newPage();
      const door = await startSession(server.app.db.kysely, { role: 'door' });
      const url = `http://${host}:${port}`;
      await browser.context.addCookies([
        { name: door.name, value: door.value, url, httpOnly: true, sameSite: 'Strict' },
      ]);
      await page.goto(url + paths.door);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      const alert = cameraBox(page).getByRole('alert');
      await alert
        .getByText('A câmera só funciona em endereço seguro (https).', { exact: false })
        .waitFor();
      // Nothing to try again: only another address helps.
      expect(await alert.getByRole('button').count()).toBe(0);
      await page.getByLabel('Buscar por nome ou empresa').waitFor();
      await expectNoViolations(page);
    } finally {
      await browser.close();
    }
  });
});
