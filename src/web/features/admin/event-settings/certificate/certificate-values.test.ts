import { describe, expect, it } from 'vitest';
import { defaultCertificateSettings } from '@shared/certificate-text.ts';
import {
  certificateErrors,
  certificateOf,
  heldSigners,
  hoursFromText,
  hoursText,
  shownSigners,
} from './certificate-values.ts';

describe("the 'Certificado' section's values", () => {
  it('reads hours as people type them, keeping what is no number', () => {
    expect(hoursFromText('7,5')).toBe(7.5);
    expect(hoursFromText(' 8 ')).toBe(8);
    expect(hoursFromText('7.5')).toBe(7.5);
    expect(hoursFromText('')).toBeNull();
    expect(hoursFromText('oito')).toBe('oito');
    expect(hoursText(7.5)).toBe('7,5');
    expect(hoursText(null)).toBe('');
    expect(hoursText('oito')).toBe('oito');
  });

  it('shows one blank signer for none, and holds none for a lone blank one', () => {
    expect(shownSigners([])).toEqual([{ name: '', role: '' }]);
    expect(heldSigners([{ name: '', role: '' }])).toEqual([]);
    expect(heldSigners([{ name: 'Ana', role: '' }])).toEqual([{ name: 'Ana', role: '' }]);
  });

  it('names each wrong part by its path, and reads an unreadable value as the defaults', () => {
    expect(certificateOf('não é JSON')).toEqual(defaultCertificateSettings);
    const held = { ...defaultCertificateSettings, enabled: true, hours: 'oito' };
    expect(Object.keys(certificateErrors(held)).sort()).toEqual(['hours', 'signers']);
    const signers = [{ name: 'Ana', role: '' }];
    expect(Object.keys(certificateErrors({ ...held, hours: 2, signers }))).toEqual([
      'signers.0.role',
    ]);
  });
});
