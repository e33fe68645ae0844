// The editions' cache keys: the 'Evento' form and 'Nova edição' refresh them.
export const editionsKey = ['admin', 'editions'] as const;

export function editionRegistrationsKey(id: string) {
  return [...editionsKey, id, 'registrations'] as const;
}

export function editionChangesKey(id: string) {
  return [...editionsKey, id, 'changes'] as const;
}
