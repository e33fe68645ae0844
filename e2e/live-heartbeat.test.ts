// A live stream whose connection dies without a word (a laptop that slept, a router that dropped
// the idle connection): the page notices by the heartbeats that stop, says it is not live and
// comes back where it was. Real Chromium against the real server, through a TCP relay that can
// swallow a connection's bytes while keeping it open (docs/decisions/0169).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../src/shared/paths.ts';
import { startSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { card, register, signIn } from '#test/browser/admin-panel.ts';
import { openDoor, confirmedRegistration } from '#test/browser/door.ts';

interface Relayed {
  client: Socket;
  upstream: Socket;
  /** The connection's last request is a live stream's (which never ends): its path. */
  streaming: string | undefined;
  /** Bytes are dropped both ways; the connection stays open. */
  dead: boolean;
}

const streamPaths = [api.adminLiveStream, api.doorLiveStream];

/** A TCP relay to `target` whose live-stream connections can be made silently dead. */
async function deadlyRelay(target: URL) {
  const connections = new Set<Relayed>();
  let deadly = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const relayed: Relayed = { client, upstream, streaming: undefined, dead: false };
    connections.add(relayed);
    upstream.on('data', (chunk: Buffer) => {
      if (!relayed.dead) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (relayed.dead) return;
      const request = /^(?:GET|POST|PUT|DELETE|PATCH|HEAD) (\S+)/.exec(chunk.toString('latin1'));
      if (request) {
        const path = request[1]!;
        relayed.streaming = streamPaths.some((p) => path.startsWith(p)) ? path : undefined;
        // The network is still down for streams: this one dies as it starts.
        if (relayed.streaming && deadly) relayed.dead = true;
      }
      if (!relayed.dead) upstream.write(chunk);
    });
    const end = () => {
      connections.delete(relayed);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * Every open stream's connection stops carrying anything, and no one is told; so do the new
     * ones, until `revive()`. Returns the paths of the streams it cut.
     */
    killStreams() {
      deadly = true;
      const killed: string[] = [];
      for (const relayed of connections) {
        if (relayed.dead || !relayed.streaming) continue;
        relayed.dead = true;
        killed.push(relayed.streaming);
      }
      return killed;
    },
    /** New streams go through again. */
    revive() {
      deadly = false;
    },
    async close() {
      for (const relayed of connections) {
        relayed.client.destroy();
        relayed.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let server: TestServer;
let relay: Awaited<ReturnType<typeof deadlyRelay>>;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  server = await startAppServer({ LIVE_HEARTBEAT_SECONDS: '1' });
  relay = await deadlyRelay(new URL(server.url));
});

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await server?.close();
});

/** The same server, reached through the relay (cookies are the host's, whatever the port). */
const throughRelay = () => ({ ...server, url: relay.url }) as TestServer;

describe('a stream that dies silently', () => {
  it('the panel says so within a few heartbeats and comes back with what it missed', async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    const page = await browser.newPage();
    await signIn(page, server, await startSession(server.app.db.kysely));
    await page.goto(relay.url + paths.admin);
    await page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }).waitFor();
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    // At once: the stream tells its heartbeats' pace as it opens, so no interval goes unwatched.
    expect(relay.killStreams()).toEqual([api.adminLiveStream]);
    await register(server, { nome_completo: 'Carla Durante O Silêncio' });

    // Not live while nothing comes, then back where it was, with what it missed.
    await page.getByText('Reconectando...', { exact: true }).waitFor({ timeout: 5_000 });
    relay.revive();
    await card(page, 'Carla Durante O Silêncio').waitFor({ timeout: 10_000 });
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    await page.close();
  });

  it('the door says it is not live, then shows who was confirmed meanwhile', async () => {
    browser ??= await launchBrowser({ viewport: { width: 360, height: 740 } });
    const page = await browser.newPage();
    await openDoor(page, throughRelay());
    await page.getByText('Ao vivo', { exact: true }).waitFor();
    expect(relay.killStreams()).toEqual([api.doorLiveStream]);
    await confirmedRegistration(server, { nome_completo: 'Davi Durante O Silêncio' });

    await page.getByText('Conectando...', { exact: true }).waitFor({ timeout: 5_000 });
    relay.revive();
    await page.getByText('Ao vivo', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Buscar por nome ou empresa').fill('Davi Durante');
    await page.getByText('1 pessoa encontrada').waitFor();
    await page.close();
  });
});
