import { describe, expect, it } from 'vitest';
import { instantAt, wallClock } from './registration-window-section.tsx';

describe("the registrations' instants in the 'Evento' form", () => {
  it("are typed on the event's clocks and saved with its offset", () => {
    expect(instantAt('2027-01-10T09:00', 'America/Recife')).toBe('2027-01-10T09:00:00-03:00');
    // Lisbon in summer time.
    expect(instantAt('2027-07-01T18:30', 'Europe/Lisbon')).toBe('2027-07-01T18:30:00+01:00');
    expect(wallClock('2027-01-10T12:00:00Z', 'America/Recife')).toBe('2027-01-10T09:00');
    expect(wallClock(instantAt('2027-03-14T02:30', 'America/Sao_Paulo'), 'America/Sao_Paulo')).toBe(
      '2027-03-14T02:30',
    );
  });

  it('shows nothing for no instant, and leaves what is not a date for the schema to refuse', () => {
    expect(wallClock('', 'America/Recife')).toBe('');
    expect(instantAt('amanhã', 'America/Recife')).toBe('amanhã');
  });
});
