import { describe, expect, it } from 'vitest';
import {
  findTimeZones,
  phoneCountryOfZone,
  timeZoneLabel,
  timeZoneOptions,
} from './time-zone-names.ts';

const platform = Intl.supportedValuesOf('timeZone');
const options = timeZoneOptions(platform);
const zonesFound = (query: string) => findTimeZones(options, query).map((option) => option.zone);

describe('time zones as people name them', () => {
  it("offers Brazil's four first, by the names Brazilians give them", () => {
    expect(options.slice(0, 4).map((option) => option.label)).toEqual([
      'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)',
      'Horário do Amazonas (Manaus…)',
      'Acre',
      'Fernando de Noronha',
    ]);
    expect(options.slice(0, 4).map((option) => option.zone)).toEqual([
      'America/Sao_Paulo',
      'America/Manaus',
      'America/Rio_Branco',
      'America/Noronha',
    ]);
  });

  it("finds a zone by a city's or a country's name in pt-BR, accents or not", () => {
    expect(zonesFound('Brasília')[0]).toBe('America/Sao_Paulo');
    expect(zonesFound('recife')[0]).toBe('America/Sao_Paulo');
    expect(zonesFound('Lisboa')[0]).toBe('Europe/Lisbon');
    expect(zonesFound('Nova York')[0]).toBe('America/New_York');
    expect(zonesFound('nova york')[0]).toBe('America/New_York');
    expect(zonesFound('Portugal')).toEqual(
      expect.arrayContaining(['Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira']),
    );
    expect(zonesFound('Japão')).toEqual(['Asia/Tokyo']);
    expect(zonesFound('Manaus')[0]).toBe('America/Manaus');
  });

  it('still takes any IANA name the platform knows, each listed once', () => {
    expect(zonesFound('Europe/Lisbon')).toEqual(['Europe/Lisbon']);
    expect(zonesFound('Pacific/Auckland')).toEqual(['Pacific/Auckland']);
    expect(zonesFound('sao_paulo')[0]).toBe('America/Sao_Paulo');
    const zones = options.map((option) => option.zone);
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of platform) expect(zones).toContain(zone);
  });

  it('names a saved zone as the list does', () => {
    expect(timeZoneLabel('America/Sao_Paulo')).toBe(
      'Horário de Brasília (São Paulo, Rio, BH, Recife, Salvador…)',
    );
    expect(timeZoneLabel('Europe/Lisbon')).toBe('Lisboa (Europe/Lisbon)');
    expect(timeZoneLabel('Pacific/Auckland')).toBe('Pacific/Auckland');
  });

  it("proposes Brazil's phones for every Brazilian zone", () => {
    for (const zone of platform.filter((zone) => zone.startsWith('America/'))) {
      const brazilian = [
        'America/Sao_Paulo',
        'America/Manaus',
        'America/Rio_Branco',
        'America/Noronha',
        'America/Araguaina',
        'America/Bahia',
        'America/Belem',
        'America/Boa_Vista',
        'America/Eirunepe',
        'America/Fortaleza',
        'America/Maceio',
        'America/Porto_Velho',
        'America/Recife',
        'America/Santarem',
        'America/Cuiaba',
        'America/Campo_Grande',
      ].includes(zone);
      if (brazilian) expect(phoneCountryOfZone(zone), zone).toBe('BR');
      else expect(phoneCountryOfZone(zone), zone).not.toBe('BR');
    }
    expect(phoneCountryOfZone('Europe/Lisbon')).toBe('PT');
    expect(phoneCountryOfZone('America/New_York')).toBe('US');
    expect(phoneCountryOfZone('Pacific/Auckland')).toBeUndefined();
  });
});
