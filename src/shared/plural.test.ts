import { describe, expect, it } from 'vitest';
import { counted, plural } from './plural.ts';

const inscricoes = { one: 'inscrição', other: 'inscrições' };

describe('plural and counted', () => {
  it('uses the singular for exactly one, the plural for zero and for more', () => {
    expect(counted(0, inscricoes)).toBe('0 inscrições');
    expect(counted(1, inscricoes)).toBe('1 inscrição');
    expect(counted(2, inscricoes)).toBe('2 inscrições');
    expect(counted(10_000, inscricoes)).toBe('10.000 inscrições');
    expect(plural(1, { one: 'confirmada', other: 'confirmadas' })).toBe('confirmada');
  });
});
