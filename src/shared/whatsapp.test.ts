import { describe, expect, it } from 'vitest';
import { defaultEvent } from './event.ts';
import { ticketMessage, whatsappLink } from './whatsapp.ts';

function decodedText(link: string): string {
  const text = new URL(link).searchParams.get('text');
  if (text === null) throw new Error('no text parameter');
  return text;
}

describe('ticketMessage', () => {
  it('greets the person by name and names the event, the date and the sign-off', () => {
    const message = ticketMessage({ nome_completo: 'Ana Souza' }, defaultEvent);
    expect(message).toContain('Olá, Ana Souza!');
    expect(message).toContain('ingresso');
    expect(message).toContain('confirmado');
    expect(message).toContain('Build Safe');
    expect(message).toContain('6 de dezembro de 2025');
    expect(message).toContain('Nos vemos lá!');
  });

  it('takes the event details from the configuration', () => {
    const message = ticketMessage(
      { nome_completo: 'Ana' },
      { ...defaultEvent, name: 'Obra Segura', date: '2026-03-14' },
    );
    expect(message).toContain('Obra Segura');
    expect(message).toContain('14 de março de 2026');
  });
});

describe('whatsappLink', () => {
  it('uses the E.164 digits without the plus', () => {
    expect(whatsappLink('+15085551234', 'oi')).toBe('https://wa.me/15085551234?text=oi');
    expect(whatsappLink('+5511912345678', 'oi')).toMatch(/^https:\/\/wa\.me\/5511912345678\?/);
  });

  it('drops every non-digit, as the original did', () => {
    expect(whatsappLink('+1 (508) 555-1234', 'x')).toMatch(/^https:\/\/wa\.me\/15085551234\?/);
  });

  const awkwardNames = [
    'João Conceição',
    'D\'Ávila "Zé" & Filhos',
    'Ana #1 ?x=y&text=z',
    'Maria 👷‍♀️🏗️',
    'Linha um\nLinha dois',
    '100% + 50% = 150%',
    '<img src=x onerror=alert(1)>',
  ];

  it.each(awkwardNames)('round-trips the name %j through the link', (name) => {
    const message = ticketMessage({ nome_completo: name }, defaultEvent);
    const link = whatsappLink('+15085551234', message);
    expect(decodedText(link)).toBe(message);
    expect(decodedText(link)).toContain(name);
    // Nothing in the name can end the text parameter or start another one.
    expect([...new URL(link).searchParams.keys()]).toEqual(['text']);
    expect(new URL(link).hash).toBe('');
  });
});
