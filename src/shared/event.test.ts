import { describe, expect, it } from 'vitest';
import {
  defaultEvent,
  eventDates,
  formatEventDate,
  formatEventDayMonth,
  formatEventTime,
  formatRetentionEnd,
} from './event.ts';
import { eventSettingsSchema } from './event-settings.schema.ts';
import { eventFieldMessages } from './event-fields.ts';
import { fillPlaceholders, placeholderValues } from './event-texts.ts';
import { messageTextFields } from './message-placeholders.ts';
import { fieldErrors } from './registration.schema.ts';

describe('event formatting', () => {
  it('reproduces the spec: 6 December 2025 at 7:30', () => {
    expect(formatEventDate(defaultEvent)).toBe('6 de dezembro de 2025');
    expect(formatEventDayMonth(defaultEvent)).toBe('6 de dezembro');
    expect(formatEventTime(defaultEvent)).toBe('7:30');
  });

  it('formats other dates and times in pt-BR', () => {
    const event = { ...defaultEvent, date: '2026-01-09', time: '18:05' };
    expect(formatEventDate(event)).toBe('9 de janeiro de 2026');
    expect(formatEventTime(event)).toBe('18:05');
  });

  it('names every month in pt-BR, lower case', () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatEventDayMonth({ ...defaultEvent, date: `2026-${String(i + 1).padStart(2, '0')}-01` }),
    );
    expect(months).toEqual(
      'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'
        .split(' ')
        .map((month) => `1 de ${month}`),
    );
  });

  it('names the CSV prefix after the event, as the spec does', () => {
    expect(defaultEvent.csvPrefix).toBe('inscricoes_build_safe_');
  });

  it('counts the days data is kept after the event, across months, years and leap days', () => {
    const kept = (date: string, retentionDays: number) =>
      formatRetentionEnd({ date, time: '07:30', durationMinutes: 240, retentionDays });
    expect(kept('2025-12-06', 90)).toBe('6 de março de 2026');
    expect(kept('2025-12-06', 30)).toBe('5 de janeiro de 2026');
    expect(kept('2028-02-28', 1)).toBe('29 de fevereiro de 2028');
    // A daylight-saving change in between does not move the day.
    expect(kept('2025-11-01', 2)).toBe('3 de novembro de 2025');
  });

  it('counts them from the day the event ends', () => {
    const threeDays = { date: '2026-05-04', time: '09:00', durationMinutes: 3 * 24 * 60 };
    expect(formatRetentionEnd({ ...threeDays, retentionDays: 1 })).toBe('8 de maio de 2026');
    // Until 01:00 the next day.
    const late = { date: '2026-05-04', time: '21:00', durationMinutes: 240, retentionDays: 1 };
    expect(formatRetentionEnd(late)).toBe('6 de maio de 2026');
  });

  it('hands the public pages every date they print, formatted once', () => {
    expect(eventDates(defaultEvent)).toEqual({
      date: '6 de dezembro de 2025',
      dayMonth: '6 de dezembro',
      cardDate: '6 de dezembro de 2025',
      retentionEnd: '6 de março de 2026',
      registration: 'open',
      registrationOpens: '',
    });
  });

  it('gives the landing card the year only when the event is not this year, on its clocks', () => {
    const recife = { ...defaultEvent, date: '2027-01-10', timeZone: 'America/Recife' };
    expect(eventDates(recife, new Date('2027-01-01T12:00:00Z')).cardDate).toBe('10 de janeiro');
    // 22:00 on 31 December in Recife is already 2027 in UTC: still last year there.
    expect(eventDates(recife, new Date('2027-01-01T01:00:00Z')).cardDate).toBe(
      '10 de janeiro de 2027',
    );
  });
});

describe('the settings schema', () => {
  const fieldsOf = (body: unknown) => {
    const parsed = eventSettingsSchema.safeParse(body);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('takes the defaults back as they are', () => {
    expect(eventSettingsSchema.parse(defaultEvent)).toEqual(defaultEvent);
  });

  it.each([
    [{ date: '2026-02-30' }, 'date', eventFieldMessages.invalidDate],
    [{ date: '05/12/2026' }, 'date', eventFieldMessages.invalidDate],
    [{ date: '0202-12-05' }, 'date', eventFieldMessages.dateOutOfRange],
    [{ date: '2202-12-05' }, 'date', eventFieldMessages.dateOutOfRange],
    [{ time: '24:00' }, 'time', eventFieldMessages.invalidTime],
    [{ timeZone: 'America/Atlantida' }, 'timeZone', eventFieldMessages.unknownTimeZone],
    [{ name: '   ' }, 'name', eventFieldMessages.required],
    [{ durationMinutes: 0 }, 'durationMinutes', eventFieldMessages.durationMinutes],
    [{ retentionDays: 1.5 }, 'retentionDays', eventFieldMessages.retentionDays],
    [{ csvPrefix: '../x' }, 'csvPrefix', eventFieldMessages.csvPrefix],
    [{ contactEmail: 'contato' }, 'contactEmail', eventFieldMessages.invalidEmail],
    [{ venue: 'a\u0000b' }, 'venue', eventFieldMessages.notText],
    [{ nome: 'x' }, 'nome', eventFieldMessages.unknownField],
  ])('refuses %j at its field, in pt-BR', (change, field, message) => {
    expect(fieldsOf({ ...defaultEvent, ...change })).toEqual({ [field]: message });
  });

  it('names a field left out as required', () => {
    const { name: _name, ...rest } = defaultEvent;
    expect(fieldsOf(rest)).toEqual({ name: eventFieldMessages.required });
  });

  it('refuses a placeholder a text cannot fill, naming the ones it can', () => {
    const fields = fieldsOf({ ...defaultEvent, receivedEmailIntro: 'Olá, {nome}! {link}' });
    expect(fields.receivedEmailIntro).toBe(
      eventFieldMessages.unknownPlaceholder('link', messageTextFields.receivedEmailIntro),
    );
    expect(fieldsOf({ ...defaultEvent, whatsappMessage: 'Oi {name}' }).whatsappMessage).toMatch(
      /^Marcador desconhecido: \{name\}\. Use \{nome\}, \{evento\}/,
    );
  });

  it('keeps a text’s lines, as LF', () => {
    const parsed = eventSettingsSchema.parse({ ...defaultEvent, ticketEmailIntro: 'a\r\n\r\nb ' });
    expect(parsed.ticketEmailIntro).toBe('a\n\nb');
  });
});

describe('fillPlaceholders', () => {
  const values = placeholderValues(defaultEvent, { nome: 'Ana', link: 'https://x.example/i/1' });

  it('reproduces today’s WhatsApp message from the default text', () => {
    expect(fillPlaceholders(defaultEvent.whatsappMessage, values)).toBe(
      [
        'Olá, Ana! 🎉',
        '',
        'Seu ingresso para o Build Safe está confirmado!',
        '',
        '📅 6 de dezembro de 2025, às 7:30',
        '📍 Salão de eventos, Foxboro, Massachusetts',
        '',
        '🎟️ Seu ingresso, com o QR code para a entrada:',
        'https://x.example/i/1',
        '',
        'Nos vemos lá!',
      ].join('\n'),
    );
  });

  it('leaves out a paragraph whose placeholder has no value, and its blank line', () => {
    expect(fillPlaceholders('a {nome}\n\nlink:\n{link}\n\nfim', { nome: 'Ana' })).toBe(
      'a Ana\n\nfim',
    );
    expect(fillPlaceholders('{link}\n\n\nfim', {})).toBe('fim');
  });

  it('fills in one pass and keeps unknown braces as written', () => {
    expect(fillPlaceholders('{nome} {evento} {x}', { nome: '{evento}', evento: 'E' })).toBe(
      '{evento} E {x}',
    );
  });
});
