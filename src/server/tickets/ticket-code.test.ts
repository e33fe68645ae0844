import { describe, expect, it } from 'vitest';
import { isPersonalToken } from '../../shared/personal-token.ts';
import { isTicketCode, ticketCodeSchema } from '../../shared/ticket-code.ts';
import { newPersonalToken, newTicketCode } from './ticket-code.ts';

/** Each of the 128 bits set in about half of these byte strings: random, not a pattern. */
function expectRandomBits(values: readonly Buffer[]) {
  for (let bit = 0; bit < 128; bit++) {
    const set = values.filter((value) => (value[bit >> 3]! >> (bit & 7)) & 1).length;
    expect(set / values.length, `bit ${bit}`).toBeGreaterThan(0.4);
    expect(set / values.length, `bit ${bit}`).toBeLessThan(0.6);
  }
}

describe('ticket codes', () => {
  it('are made in the one shape every side checks, and differ each time', () => {
    // Past several refills of the pool their bytes are drawn from, beside personal tokens.
    const codes = Array.from({ length: 2_000 }, (_, i) => {
      if (i % 3 === 0) newPersonalToken();
      return newTicketCode();
    });
    for (const code of codes) {
      expect(isTicketCode(code), code).toBe(true);
      expect(ticketCodeSchema.safeParse(code).success).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expectRandomBits(codes.map((code) => Buffer.from(code, 'base64url')));
  });

  it('refuse other lengths and alphabets', () => {
    const code = newTicketCode();
    for (const other of [code.slice(1), `${code}A`, `${code.slice(0, 21)}+`, '']) {
      expect(isTicketCode(other), other).toBe(false);
    }
  });
});

describe('personal tokens', () => {
  it('carry the time they were made, then 128 random bits, in the shape every side checks', () => {
    const before = Date.now();
    const tokens = Array.from({ length: 2_000 }, (_, i) => {
      if (i % 3 === 0) newTicketCode();
      return newPersonalToken();
    });
    const after = Date.now();
    for (const token of tokens) {
      expect(token).toHaveLength(30);
      expect(isPersonalToken(token), token).toBe(true);
      const made = Buffer.from(token, 'base64url').readUIntBE(0, 6);
      expect(made).toBeGreaterThanOrEqual(before);
      expect(made).toBeLessThanOrEqual(after);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    expectRandomBits(tokens.map((token) => Buffer.from(token, 'base64url').subarray(6)));
  });

  it('are told apart from anything else; a token made before the time prefix still passes', () => {
    const token = newPersonalToken();
    expect(isPersonalToken(newTicketCode())).toBe(true);
    for (const other of [
      token.slice(1),
      `${token}A`,
      `${token.slice(0, 29)}+`,
      'A'.repeat(26),
      '',
    ]) {
      expect(isPersonalToken(other), other).toBe(false);
    }
  });
});
