import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../shared/event-settings.schema.ts';
import { defaultEvent } from '../shared/event.ts';
import { ConfigError } from './config-error.ts';
import { linksWorkOnlyHere, loadConfig } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'event-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function eventFile(content: unknown): string {
  const file = join(dir, `event-${(files += 1)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'file:./data/inscricoes.db',
      publicUrl: 'http://localhost:3000',
      secure: false,
      trustProxy: false,
      registrationRateLimit: 10,
      sessionIdleMs: 8 * 60 * 60_000,
      sessionAbsoluteMs: 24 * 60 * 60_000,
      event: defaultEvent,
    });
  });

  it('takes a variable set to nothing as not set, as copied from .env.example', () => {
    const empty = Object.fromEntries(
      [
        'PORT',
        'HOST',
        'DATABASE_URL',
        'PUBLIC_URL',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'TRUST_PROXY',
        'REGISTRATION_RATE_LIMIT',
        'EVENT_CONFIG',
        'LOG_LEVEL',
        'LOG_FORMAT',
        'LIVE_HEARTBEAT_SECONDS',
      ].map((name) => [name, name === 'ADMIN_PASSWORD' ? '  ' : '']),
    );
    expect(loadConfig(empty)).toEqual(loadConfig({}));
    expect(loadConfig(empty).adminPassword).toBeUndefined();
  });

  it('logs readable lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, {}, { terminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, {}, { terminal: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, {}, { terminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, {}, { terminal: false }).logFormat).toBe('pretty');
  });

  it('re-checks live streams every LIVE_HEARTBEAT_SECONDS', () => {
    expect(loadConfig({}).liveHeartbeatMs).toBe(10_000);
    expect(loadConfig({ LIVE_HEARTBEAT_SECONDS: '45' }).liveHeartbeatMs).toBe(45_000);
  });

  it('knows when links would work only on this machine: listening beyond it, PUBLIC_URL on it', () => {
    expect(linksWorkOnlyHere(loadConfig({ HOST: '0.0.0.0' }))).toBe(true);
    expect(linksWorkOnlyHere(loadConfig({ HOST: '::', PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe(
      true,
    );
    expect(linksWorkOnlyHere(loadConfig({}))).toBe(false);
    expect(linksWorkOnlyHere(loadConfig({ HOST: '::1' }))).toBe(false);
    expect(
      linksWorkOnlyHere(
        loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://inscricoes.example.com' }),
      ),
    ).toBe(false);
  });

  it('treats an https PUBLIC_URL as secure', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://inscricoes.example.com/' })).toMatchObject({
      publicUrl: 'https://inscricoes.example.com',
      secure: true,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REGISTRATION_RATE_LIMIT: '-1' }, 'REGISTRATION_RATE_LIMIT'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: '' }, 'ADMIN_PASSWORD'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ LIVE_HEARTBEAT_SECONDS: '0' }, 'LIVE_HEARTBEAT_SECONDS'],
  ])('stops with the name of the bad variable: %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('merges the operator’s EVENT_CONFIG over the defaults', () => {
    const config = loadConfig({
      EVENT_CONFIG: eventFile({ name: 'Obra Segura', date: '2026-03-14' }),
    });
    expect(config.event).toEqual({ ...defaultEvent, name: 'Obra Segura', date: '2026-03-14' });
  });

  it.each([
    [{ date: '14/03/2026' }, 'date'],
    [{ time: '7h30' }, 'time'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ csvPrefix: '../x' }, 'csvPrefix'],
    [{ nome: 'typo' }, 'EVENT_CONFIG: nome: Campo desconhecido.'],
    [{ nome: 'typo', cidade: 'x' }, 'EVENT_CONFIG: nome, cidade: Campo desconhecido.'],
  ])('refuses a bad EVENT_CONFIG, naming the field: %j', (content, field) => {
    expect(() => loadConfig({ EVENT_CONFIG: eventFile(content) })).toThrow(field);
  });

  it('has defaults that pass its own check, and docs/operating.md shows them all', () => {
    expect(eventSettingsSchema.parse(defaultEvent)).toEqual(defaultEvent);
    const guide = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
    const example = /### The event[\s\S]*?```json\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(JSON.parse(example ?? 'null')).toEqual(defaultEvent);
    // And the guide's file, given as EVENT_CONFIG, is accepted as it stands.
    expect(loadConfig({ EVENT_CONFIG: eventFile(example) }).event).toEqual(defaultEvent);
  });

  it('refuses an EVENT_CONFIG that is not JSON', () => {
    expect(() => loadConfig({ EVENT_CONFIG: eventFile('{ nope') })).toThrow(
      /EVENT_CONFIG: cannot read/,
    );
  });
});
