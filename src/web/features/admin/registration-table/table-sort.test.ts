import { describe, expect, it } from 'vitest';
import type { Registration } from '@shared/registration.schema.ts';
import { servedRegistration, validRegistration } from '#test/builders/registrations.ts';
import { nextSort, sortRegistrations } from './table-sort.ts';

function row(nome_completo: string, created_at: string): Registration {
  return servedRegistration({ created_at }, validRegistration({ nome_completo }));
}

const rows = [
  row('Érica Lima', '2026-11-03T10:00:00.000Z'),
  row('ana souza', '2026-11-01T10:00:00.000Z'),
  row('Bruno Alves', '2026-11-02T10:00:00.000Z'),
  row('Álvaro Dias', '2026-11-04T10:00:00.000Z'),
];
const names = (list: Registration[]) => list.map((r) => r.nome_completo);

describe('the table view’s order', () => {
  it('sorts by name as pt-BR does, accents and capitals aside, both ways', () => {
    expect(names(sortRegistrations(rows, { key: 'name', direction: 'ascending' }))).toEqual([
      'Álvaro Dias',
      'ana souza',
      'Bruno Alves',
      'Érica Lima',
    ]);
    expect(names(sortRegistrations(rows, { key: 'name', direction: 'descending' }))[0]).toBe(
      'Érica Lima',
    );
  });

  it('sorts by the time of registration, newest first by default', () => {
    expect(names(sortRegistrations(rows, { key: 'date', direction: 'descending' }))).toEqual([
      'Álvaro Dias',
      'Érica Lima',
      'Bruno Alves',
      'ana souza',
    ]);
    expect(names(sortRegistrations(rows, { key: 'date', direction: 'ascending' }))[0]).toBe(
      'ana souza',
    );
  });

  it('turns a column round on a second click, and starts a new one its natural way', () => {
    const byDate = { key: 'date', direction: 'descending' } as const;
    expect(nextSort(byDate, 'date')).toEqual({ key: 'date', direction: 'ascending' });
    expect(nextSort(byDate, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});
