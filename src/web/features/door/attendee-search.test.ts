import { describe, expect, it } from 'vitest';
import { attendee } from '#test/builders/attendees.ts';
import { maxResults, searchAttendees } from './attendee-search.ts';

describe('searchAttendees', () => {
  const list = [
    attendee({ nome_completo: 'João Conceição', nome_compania: 'Obras Sul' }),
    attendee({ nome_completo: 'Ana Souza', nome_compania: 'Construtora Horizonte' }),
    attendee({ nome_completo: 'Bruno Lima', nome_compania: 'Horizonte Engenharia' }),
  ];

  it('finds by a piece of the name or the company, ignoring case and accents', () => {
    expect(searchAttendees(list, 'joao conc').shown.map((a) => a.nome_completo)).toEqual([
      'João Conceição',
    ]);
    expect(searchAttendees(list, 'HORIZ').shown.map((a) => a.nome_completo)).toEqual([
      'Ana Souza',
      'Bruno Lima',
    ]);
    expect(searchAttendees(list, 'horizonte bruno').total).toBe(1);
  });

  it('finds nobody for an empty term or a miss', () => {
    expect(searchAttendees(list, '   ')).toEqual({ shown: [], total: 0 });
    expect(searchAttendees(list, 'zzz')).toEqual({ shown: [], total: 0 });
  });

  it('shows the first few of many, and counts them all', () => {
    const many = Array.from({ length: 50 }, (_, i) => attendee({ nome_completo: `Pessoa ${i}` }));
    const { shown, total } = searchAttendees(many, 'pessoa');
    expect(total).toBe(50);
    expect(shown).toHaveLength(maxResults);
  });
});
