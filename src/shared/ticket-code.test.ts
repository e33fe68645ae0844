import { describe, expect, it } from 'vitest';
import { ticketPageUrl } from './paths.ts';
import { ticketCodeFrom } from './ticket-code.ts';

const code = 'Ab-_0123456789xyzXYZ_-';

describe('ticketCodeFrom', () => {
  it('reads the code at the end of a ticket page URL, on any host', () => {
    expect(ticketCodeFrom(ticketPageUrl('https://inscricoes.exemplo.com.br', code))).toBe(code);
    expect(ticketCodeFrom(`http://127.0.0.1:3000/ingresso/${code}/`)).toBe(code);
    expect(ticketCodeFrom(`  https://x.example/ingresso/${code}?utm=whatsapp  `)).toBe(code);
  });

  it('takes a bare code', () => {
    expect(ticketCodeFrom(code)).toBe(code);
  });

  it('refuses anything else: other pages, other text, codes of another length or alphabet', () => {
    for (const text of [
      '',
      code.slice(1),
      `${code}x`,
      `https://x.example/ingresso/${code.slice(1)}`,
      'olá mundo',
      `https://x.example/convite/${code}`,
      `https://x.example/ingresso/`,
      `https://x.example/ingresso/${code}/extra`,
      'https://x.example/ingresso/%E0%A4%A',
      'https://x.example/ingresso/abc%20def%20ghi',
      'WIFI:S:rede;T:WPA;P:senha;;',
    ]) {
      expect(ticketCodeFrom(text), text).toBeNull();
    }
  });
});
