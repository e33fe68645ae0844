import { describe, expect, it } from 'vitest';
import { parseDraft } from './form-checks.ts';
import { serializeDraft } from './form-draft.ts';
import { emptyValues } from './form-values.ts';

const values = {
  ...emptyValues('BR'),
  nome_completo: 'João Conceição',
  whatsapp: '(11) 91234-5678',
  email: 'joao@exemplo.com',
  nome_compania: 'Obras & Cia',
  levar_alguem: 'sim' as const,
  confirmacao: 'agenda' as const,
  website: 'http://spam.example',
};

describe('form draft', () => {
  it('round-trips what the visitor typed, without the honeypot', () => {
    const text = serializeDraft(values);
    expect(text).not.toContain('spam');
    const { website: _honeypot, ...expected } = values;
    expect(parseDraft(text)).toEqual(expected);
  });

  it('ignores nothing, broken JSON, and data that is not a draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('')).toBeNull();
    expect(parseDraft('{')).toBeNull();
    expect(parseDraft('null')).toBeNull();
    expect(parseDraft('[1,2]')).toBeNull();
    const good = JSON.parse(serializeDraft(values)) as Record<string, unknown>;
    for (const bad of [
      { ...good, country: 'XX' },
      { ...good, country: 1 },
      { ...good, email: 42 },
      { ...good, nome_completo: 'a'.repeat(1001) },
      { ...good, levar_alguem: 'talvez' },
      { ...good, confirmacao: null },
    ]) {
      expect(parseDraft(JSON.stringify(bad))).toBeNull();
    }
  });
});
