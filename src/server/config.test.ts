import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultEvent } from '../shared/event.ts';
import { ConfigError, loadConfig } from './config.ts';

function eventFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'event-config-')), 'event.json');
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
    [{ nome: 'typo' }, 'EVENT_CONFIG'],
  ])('refuses a bad EVENT_CONFIG, naming the field: %j', (content, field) => {
    expect(() => loadConfig({ EVENT_CONFIG: eventFile(content) })).toThrow(field);
  });

  it('refuses an EVENT_CONFIG that is not JSON', () => {
    expect(() => loadConfig({ EVENT_CONFIG: eventFile('{ nope') })).toThrow(
      /EVENT_CONFIG: cannot read/,
    );
  });
});
