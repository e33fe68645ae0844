// A new certificate's verification code: 80 bits from the system's CSPRNG, 5 bits a symbol, so
// every symbol of the 32 is equally likely (no modulo bias). Never derived from the registration.
import { randomBytes } from 'node:crypto';
import {
  certificateAlphabet,
  certificateCodeLength,
  formatCertificateCode,
} from '../../shared/certificate-code.ts';

export function newCertificateCode(): string {
  const bytes = randomBytes((certificateCodeLength * 5) / 8);
  let bits = 0;
  let held = 0;
  let symbols = '';
  for (const byte of bytes) {
    bits = (bits << 8) | byte;
    held += 8;
    while (held >= 5) {
      held -= 5;
      symbols += certificateAlphabet[(bits >> held) & 31];
    }
    bits &= (1 << held) - 1;
  }
  return formatCertificateCode(symbols);
}
