import { describe, expect, it } from 'vitest';
import { apiErrors, clientErrorTable, errorTable, type ErrorKind } from './api-error.ts';

const serverKinds = Object.entries(errorTable) as [string, ErrorKind][];
const clientKinds = Object.entries(clientErrorTable) as [string, ErrorKind][];

describe('the table of errors', () => {
  it('gives every error a code, an HTTP error status and a pt-BR message', () => {
    for (const [name, { code, status, message }] of serverKinds) {
      expect(code, name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(600);
      expect(message, name).toMatch(/^\p{Lu}.*[.]$/u);
    }
  });

  it('gives one code one status, wherever it is answered', () => {
    const statusOf = new Map<string, number>();
    for (const [name, { code, status }] of serverKinds) {
      expect(statusOf.get(code) ?? status, `${name} (${code})`).toBe(status);
      statusOf.set(code, status);
    }
  });

  it('keeps what a client says without an answer apart from what the server answers', () => {
    const serverCodes = new Set(serverKinds.map(([, kind]) => kind.code));
    for (const [name, { code, status, message }] of clientKinds) {
      expect(serverCodes.has(code), name).toBe(false);
      expect(status, name).toBe(0);
      expect(message, name).not.toBe('');
    }
  });

  it('still offers every message by name', () => {
    for (const [name, { message }] of [...serverKinds, ...clientKinds]) {
      expect(apiErrors[name as keyof typeof apiErrors], name).toBe(message);
    }
  });
});
