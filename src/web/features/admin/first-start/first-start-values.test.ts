import { describe, expect, it } from 'vitest';
import { defaultEvent } from '@shared/event.ts';
import { eventSettingsSchema } from '@shared/event-settings.schema.ts';
import { firstStartValues, proposedCountry, withFirstStart } from './first-start-values.ts';

describe("the first start's event screen", () => {
  it("starts with the example's name, date and place empty, in the browser's zone, with its country", () => {
    expect(firstStartValues(defaultEvent, 'America/Recife')).toEqual({
      name: '',
      date: '',
      time: '07:30',
      timeZone: 'America/Recife',
      city: '',
      venue: '',
      phoneCountry: 'BR',
    });
  });

  it("keeps the example's zone when the browser names no place", () => {
    for (const zone of ['UTC', 'Etc/GMT+3', 'Não/Existe', undefined]) {
      const values = firstStartValues(defaultEvent, zone);
      expect(values.timeZone).toBe('America/New_York');
      expect(values.phoneCountry).toBe('US');
    }
  });

  it('shows what EVENT_CONFIG or an earlier save set, as it is', () => {
    const set = {
      ...defaultEvent,
      name: 'Meetup Recife',
      city: 'Recife, PE',
      timeZone: 'Europe/Lisbon',
      phoneCountry: 'PT' as const,
    };
    expect(firstStartValues(set, 'America/Sao_Paulo')).toMatchObject({
      name: 'Meetup Recife',
      city: 'Recife, PE',
      venue: '',
      timeZone: 'Europe/Lisbon',
      phoneCountry: 'PT',
    });
  });

  it('proposes Brazil for any Brazilian zone, and keeps the country chosen for a zone of none', () => {
    expect(proposedCountry('America/Sao_Paulo', 'US')).toBe('BR');
    expect(proposedCountry('America/Manaus', 'US')).toBe('BR');
    expect(proposedCountry('Pacific/Auckland', 'BR')).toBe('BR');
  });

  it('lays the values over the settings, for the shared schema to check', () => {
    const values = {
      ...firstStartValues(defaultEvent, 'America/Sao_Paulo'),
      name: ' Meetup Recife ',
      date: '2027-03-20',
      city: 'Recife',
      venue: 'Porto Digital',
    };
    const parsed = eventSettingsSchema.parse(withFirstStart(defaultEvent, values));
    expect(parsed).toEqual({
      ...defaultEvent,
      name: 'Meetup Recife',
      date: '2027-03-20',
      city: 'Recife',
      venue: 'Porto Digital',
      timeZone: 'America/Sao_Paulo',
      phoneCountry: 'BR',
    });
  });
});
