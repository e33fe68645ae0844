// An attendee as the door receives it, for tests: confirmed, not yet in, with a ticket code.
import type { Attendee } from '../../src/shared/door.schema.ts';

export function attendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: crypto.randomUUID(),
    nome_completo: 'Ana Souza',
    nome_compania: 'Construtora Horizonte',
    status: 'confirmed',
    // The shape of a real code (src/shared/ticket-code.ts): 22 URL-safe characters.
    ticket_code: crypto.randomUUID().replaceAll('-', '').slice(0, 22),
    checked_in_at: null,
    checked_in_by: null,
    ...overrides,
  };
}
