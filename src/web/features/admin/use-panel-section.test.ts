import { describe, expect, it } from 'vitest';
import { sectionFromHash, sectionHash } from './use-panel-section.ts';

describe('the panel’s screens by fragment', () => {
  it('opens the registrations without a fragment, or with one it does not know', () => {
    for (const hash of ['', '#', '#inscricoes', '#configuracoes', '#edicoes/']) {
      expect(sectionFromHash(hash), hash).toEqual({ name: 'registrations' });
    }
  });

  it('names the event, the editions, and one edition by its id', () => {
    expect(sectionFromHash('#evento')).toEqual({ name: 'event' });
    expect(sectionFromHash('#edicoes')).toEqual({ name: 'editions' });
    expect(sectionFromHash('#portaria')).toEqual({ name: 'door' });
    const id = '0f8c5a2e-1b9d-4c3e-9a7f-2d6b8e4c1a09';
    expect(sectionFromHash(`#edicoes/${id}`)).toEqual({ name: 'edition', id });
  });

  it('names the results, the current edition’s and a past one’s', () => {
    expect(sectionFromHash('#resultados')).toEqual({ name: 'results' });
    const id = '0f8c5a2e-1b9d-4c3e-9a7f-2d6b8e4c1a09';
    expect(sectionFromHash(`#edicoes/${id}/resultados`)).toEqual({ name: 'editionResults', id });
    // An edition whose id were 'resultados' is that edition, not some edition's results.
    expect(sectionFromHash('#edicoes/resultados')).toEqual({ name: 'edition', id: 'resultados' });
  });

  it('links back to the same screen it reads, ids escaped', () => {
    for (const section of [
      { name: 'registrations' },
      { name: 'event' },
      { name: 'editions' },
      { name: 'door' },
      { name: 'edition', id: 'a b/c' },
      { name: 'results' },
      { name: 'editionResults', id: 'a b/c' },
      { name: 'editionResults', id: 'x/resultados' },
      { name: 'edition', id: 'x/resultados' },
    ] as const) {
      expect(sectionFromHash(sectionHash(section))).toEqual(section);
    }
    expect(sectionFromHash('#edicoes/%E0%A4%A')).toEqual({ name: 'registrations' });
  });
});
