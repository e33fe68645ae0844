import { describe, expect, it } from 'vitest';
import { isTicketCode, ticketCodeSchema } from '../../shared/ticket-code.ts';
import { newPersonalToken, newTicketCode } from './ticket-code.ts';

describe('ticket codes', () => {
  it('are made in the one shape every side checks, and differ each time', () => {
    // Past several refills of the pool they are drawn from, codes and tokens mixed.
    const codes = Array.from({ length: 2_000 }, (_, i) =>
      i % 3 === 0 ? newPersonalToken() : newTicketCode(),
    );
    for (const code of codes) {
      expect(isTicketCode(code), code).toBe(true);
      expect(ticketCodeSchema.safeParse(code).success).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // Every bit random: each of the 128 bits set in about half of them.
    for (let bit = 0; bit < 128; bit++) {
      const set = codes.filter(
        (code) => (Buffer.from(code, 'base64url')[bit >> 3]! >> (bit & 7)) & 1,
      ).length;
      expect(set / codes.length, `bit ${bit}`).toBeGreaterThan(0.4);
      expect(set / codes.length, `bit ${bit}`).toBeLessThan(0.6);
    }
  });

  it('refuse other lengths and alphabets', () => {
    const code = newTicketCode();
    for (const other of [code.slice(1), `${code}A`, `${code.slice(0, 21)}+`, '']) {
      expect(isTicketCode(other), other).toBe(false);
    }
  });
});
