// A certificate's verification code, written for people: 16 symbols of Crockford's base32 (80
// random bits; made by the server, src/server/certificates/certificate-code.ts) in four groups,
// 'XXXX-XXXX-XXXX-XXXX'. The alphabet has no I, L, O or U, so nothing reads as another symbol;
// what a person types is forgiven its case, dashes and spaces, and I/L/O are read as 1/1/0.

/** Crockford's base32: digits and capitals less I, L, O and U. */
export const certificateAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Symbols in a code (5 bits each: 80 bits). */
export const certificateCodeLength = 16;

const groupLength = 4;
const symbols = new RegExp(`^[${certificateAlphabet}]{${certificateCodeLength}}$`);

/** 'ABCD1234EFGH5678' → 'ABCD-1234-EFGH-5678' */
export function formatCertificateCode(symbolsOnly: string): string {
  const groups: string[] = [];
  for (let at = 0; at < symbolsOnly.length; at += groupLength) {
    groups.push(symbolsOnly.slice(at, at + groupLength));
  }
  return groups.join('-');
}

/**
 * The code in what someone typed or a link carried ('abcd 1234-efgh-5678'), as the server stores
 * it ('ABCD-1234-EFGH-5678'), or null when it cannot be one: no lookup is made for it.
 */
export function certificateCodeFrom(typed: string): string | null {
  const cleaned = typed
    .toUpperCase()
    .replace(/[\s\-–—.]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return symbols.test(cleaned) ? formatCertificateCode(cleaned) : null;
}
