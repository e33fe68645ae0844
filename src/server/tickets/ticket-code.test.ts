import { describe, expect, it } from 'vitest';
import { isTicketCode, ticketCodeSchema } from '../../shared/ticket-code.ts';
import { newTicketCode } from './ticket-code.ts';

describe('ticket codes', () => {
  it('are made in the one shape every side checks, and differ each time', () => {
    const codes = Array.from({ length: 200 }, newTicketCode);
    for (const code of codes) {
      expect(isTicketCode(code), code).toBe(true);
      expect(ticketCodeSchema.safeParse(code).success).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('refuse other lengths and alphabets', () => {
    const code = newTicketCode();
    for (const other of [code.slice(1), `${code}A`, `${code.slice(0, 21)}+`, '']) {
      expect(isTicketCode(other), other).toBe(false);
    }
  });
});
