import { getCountries } from './phone.ts';
import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountry } from './country-options.ts';

describe('countryOptions', () => {
  const options = countryOptions();

  it('starts with the United States, the default, and Brasil right below it', () => {
    expect(defaultCountry).toBe('US');
    expect(options[0]).toEqual({
      code: 'US',
      callingCode: '1',
      name: 'Estados Unidos',
      label: 'Estados Unidos (+1)',
    });
    expect(options[1]).toEqual({
      code: 'BR',
      callingCode: '55',
      name: 'Brasil',
      label: 'Brasil (+55)',
    });
  });

  it('lists every country libphonenumber-js knows, each once', () => {
    const codes = options.map((option) => option.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...getCountries()].sort());
    expect(codes.length).toBeGreaterThan(200);
  });

  it('sorts the others by their pt-BR name, accents included', () => {
    const rest = options.slice(2).map((option) => option.name);
    const collator = new Intl.Collator('pt-BR');
    expect(rest).toEqual([...rest].sort(collator.compare));
    expect(rest).not.toContain('Brasil');
    expect(rest).not.toContain('Estados Unidos');
    // 'África do Sul' sorts among the A's, not after Z.
    expect(rest.indexOf('África do Sul')).toBeLessThan(rest.indexOf('Alemanha'));
  });

  it('names countries in Portuguese, with their calling code', () => {
    const byCode = new Map(options.map((option) => [option.code, option]));
    expect(byCode.get('PT')?.label).toBe('Portugal (+351)');
    expect(byCode.get('DE')?.label).toBe('Alemanha (+49)');
    expect(byCode.get('CA')?.label).toBe('Canadá (+1)');
    expect(byCode.get('GB')?.name).toBe('Reino Unido');
    for (const option of options) {
      expect(option.label).toBe(`${option.name} (+${option.callingCode})`);
      expect(option.callingCode).toMatch(/^\d{1,3}$/);
    }
  });
});
