import { describe, expect, it } from 'vitest';
import { defaultEvent } from './event.ts';
import { ticketPageUrl } from './paths.ts';
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

describe('ticketMessage with the ticket link', () => {
  // A code as the server makes them: 22 base64url characters, '-' and '_' included.
  const url = ticketPageUrl('https://inscricoes.exemplo.com.br/', 'Ab-_0123456789xyzXYZ_-');

  it('puts the ticket page link on a line of its own, after the spec’s content', () => {
    const message = ticketMessage({ nome_completo: 'Ana Souza' }, defaultEvent, url);
    expect(url).toBe('https://inscricoes.exemplo.com.br/ingresso/Ab-_0123456789xyzXYZ_-');
    const lines = message.split('\n');
    expect(lines).toContain(url);
    expect(lines.indexOf(url)).toBeGreaterThan(
      lines.indexOf('📍 Salão de eventos, Foxboro, Massachusetts'),
    );
    expect(lines.at(-1)).toBe('Nos vemos lá!');
    // The spec's message is all still there, in order.
    expect(message.replace(/\n🎟️[^\n]*\n[^\n]*\n/, '')).toBe(
      ticketMessage({ nome_completo: 'Ana Souza' }, defaultEvent),
    );
  });

  it('round-trips the link through the wa.me text, whole', () => {
    const message = ticketMessage({ nome_completo: 'João & Cia ?text=x' }, defaultEvent, url);
    const text = decodedText(whatsappLink('+5511912345678', message));
    expect(text).toBe(message);
    expect(text.split('\n')).toContain(url);
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
