import { describe, expect, it } from 'vitest';
import { certificateAlphabet, certificateCodeFrom } from '../../shared/certificate-code.ts';
import { newCertificateCode } from './certificate-code.ts';

describe('certificate codes', () => {
  it('are four groups of four symbols with no look-alike letters, different each time', () => {
    const codes = Array.from({ length: 4_000 }, () => newCertificateCode());
    for (const code of codes)
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.join('')).not.toMatch(/[ILOU]/);
  });

  it('use every symbol about as often in every place: 80 random bits, no bias', () => {
    const codes = Array.from({ length: 6_400 }, () => newCertificateCode().replaceAll('-', ''));
    for (let place = 0; place < 16; place++) {
      const counts = new Map<string, number>();
      for (const code of codes) counts.set(code[place]!, (counts.get(code[place]!) ?? 0) + 1);
      expect(counts.size, `place ${place}`).toBe(32);
      // 200 expected each (13.9 the standard deviation): 130 and 270 are five of them away.
      for (const symbol of certificateAlphabet) {
        expect(counts.get(symbol), `${symbol} at ${place}`).toBeGreaterThan(130);
        expect(counts.get(symbol), `${symbol} at ${place}`).toBeLessThan(270);
      }
    }
  });

  it('are read back from what a person types: case, dashes and spaces forgiven', () => {
    const code = newCertificateCode();
    expect(certificateCodeFrom(code)).toBe(code);
    expect(certificateCodeFrom(code.toLowerCase().replaceAll('-', ''))).toBe(code);
    expect(certificateCodeFrom(` ${code.replaceAll('-', ' ')} `)).toBe(code);
    expect(certificateCodeFrom('abcd-efgh-jkmn-pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    // I and L read as 1, O as 0, as Crockford's base32 says.
    expect(certificateCodeFrom('IL0O-0000-0000-0000')).toBe('1100-0000-0000-0000');
  });

  it('refuse what cannot be a code', () => {
    for (const typed of ['', 'ABCD-EFGH-JKMN-PQR', 'ABCD-EFGH-JKMN-PQRST', 'UUUU-0000-0000-0000']) {
      expect(certificateCodeFrom(typed), typed).toBeNull();
    }
    expect(certificateCodeFrom('ABCD/EFGH-JKMN-PQRS')).toBeNull();
  });
});
