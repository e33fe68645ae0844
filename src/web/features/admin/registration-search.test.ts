import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '@/lib/search-text.ts';
import { filterRegistrations, matchesSearch, parseSearch } from './registration-search.ts';

function person(
  nome_completo: string,
  overrides: Partial<{ email: string; nome_compania: string; whatsapp: string }> = {},
) {
  return {
    nome_completo,
    email: `${nome_completo.split(' ')[0]!.toLowerCase()}@exemplo.com`,
    nome_compania: 'Construtora Horizonte',
    whatsapp: '+15085551234',
    ...overrides,
  };
}

const joao = person('João Conceição', {
  email: 'joao.c@obras.com.br',
  nome_compania: 'Obras & Cia',
  whatsapp: '+5511912345678',
});
const maria = person('Maria da Silva', { email: 'MARIA+eventos@Exemplo.com' });
const andre = person('ANDRÉ Łukasz Müller', {
  nome_compania: 'Segurança Total Ltda.',
  whatsapp: '+351912345678',
});
const list = [joao, maria, andre];

function names(term: string): string[] {
  return filterRegistrations(list, term).map((r) => r.nome_completo);
}

describe('normalizeForSearch', () => {
  it('drops case, accents and repeated spaces', () => {
    expect(normalizeForSearch('  JOÃO   Conceição ')).toBe('joao conceicao');
    expect(normalizeForSearch('Ângela Müller-Sá')).toBe('angela muller-sa');
    // Composed and decomposed forms are the same text.
    expect(normalizeForSearch('Jo\u0061\u0303o')).toBe(normalizeForSearch('Jo\u00e3o'));
  });
});

describe('filterRegistrations', () => {
  it('finds a text answer to the organizer’s questions, not a list of options', () => {
    const ana = { ...person('Ana Souza'), respostas: { cargo: 'Engenheira de segurança' } };
    const bia = { ...person('Bia Lima'), respostas: { temas: ['engenheira'], veg: true } };
    expect(filterRegistrations([ana, bia], 'seguranca engenheira')).toEqual([ana]);
  });

  it('returns the same list, in order, for an empty or blank term', () => {
    expect(filterRegistrations(list, '')).toBe(list);
    expect(filterRegistrations(list, '   ')).toBe(list);
  });

  it('finds a part of the name whatever the case and the accents', () => {
    expect(names('joao')).toEqual(['João Conceição']);
    expect(names('CONCEICAO')).toEqual(['João Conceição']);
    expect(names('conceição')).toEqual(['João Conceição']);
    expect(names('andre')).toEqual(['ANDRÉ Łukasz Müller']);
    expect(names('MULLER')).toEqual(['ANDRÉ Łukasz Müller']);
    expect(names('silv')).toEqual(['Maria da Silva']);
  });

  it('finds the e-mail and the company', () => {
    expect(names('maria+eventos@exemplo')).toEqual(['Maria da Silva']);
    expect(names('obras.com')).toEqual(['João Conceição']);
    expect(names('& cia')).toEqual(['João Conceição']);
    expect(names('seguranca')).toEqual(['ANDRÉ Łukasz Müller']);
    expect(names('horizonte')).toEqual(['Maria da Silva']);
  });

  it('needs every word, in any field and any order', () => {
    expect(names('silva horizonte')).toEqual(['Maria da Silva']);
    expect(names('horizonte joao')).toEqual([]);
    expect(names('joão   obras')).toEqual(['João Conceição']);
  });

  it('finds the phone by its digits, however they are typed', () => {
    expect(names('5085551234')).toEqual(['Maria da Silva']);
    expect(names('(508) 555-1234')).toEqual(['Maria da Silva']);
    expect(names('+1 508 555')).toEqual(['Maria da Silva']);
    expect(names('11 91234-5678')).toEqual(['João Conceição']);
    expect(names('(11) 91234 5678')).toEqual(['João Conceição']);
    expect(names('+351 912')).toEqual(['ANDRÉ Łukasz Müller']);
    expect(names('912345678')).toEqual(['João Conceição', 'ANDRÉ Łukasz Müller']);
  });

  it('combines a name with a piece of the phone', () => {
    expect(names('maria 1234')).toEqual(['Maria da Silva']);
    expect(names('joao 1234')).toEqual(['João Conceição']);
    expect(names('andre 1234')).toEqual(['ANDRÉ Łukasz Müller']);
    expect(names('andre 5085')).toEqual([]);
  });

  it('leaves one or two digits to the names and e-mails: nearly every phone has them', () => {
    const numbered = [
      person('Turma 2', { whatsapp: '+15085551234' }),
      person('Turma 3', { whatsapp: '+15085551222' }),
    ];
    expect(filterRegistrations(numbered, 'turma 2').map((r) => r.nome_completo)).toEqual([
      'Turma 2',
    ]);
    expect(filterRegistrations(numbered, '22').map((r) => r.nome_completo)).toEqual([]);
    expect(filterRegistrations(numbered, '222').map((r) => r.nome_completo)).toEqual(['Turma 3']);
  });

  it('finds nothing for a term nobody has', () => {
    expect(names('zzz')).toEqual([]);
    expect(names('99999')).toEqual([]);
  });

  it('does not join two fields into one match', () => {
    // The name ends in 'Silva', the e-mail starts with 'maria': 'silvamaria' is in neither.
    expect(names('silvamaria')).toEqual([]);
  });

  it('sees a row changed by a live update (rows are replaced, not mutated)', () => {
    const before = person('Paula Antiga');
    expect(filterRegistrations([before], 'nova')).toEqual([]);
    const after = { ...before, nome_completo: 'Paula Nova' };
    expect(filterRegistrations([after], 'nova')).toEqual([after]);
  });
});

describe('matchesSearch', () => {
  it('matches everyone with an empty query', () => {
    expect(matchesSearch(joao, parseSearch(''))).toBe(true);
  });

  it('reads a term of digits and phone signs as one number', () => {
    expect(parseSearch('(508) 555-1234').phoneDigits).toBe('5085551234');
    expect(parseSearch('maria 1234').phoneDigits).toBe('');
    expect(parseSearch('---').phoneDigits).toBe('');
    expect(parseSearch('12').phoneDigits).toBe('');
  });
});
