import { describe, expect, it } from 'vitest';
import { linkedPieces, shortText, textParagraphs } from './plain-text.ts';

describe('the organizer plain text', () => {
  it('makes paragraphs at blank lines and keeps a single line break inside one', () => {
    expect(
      textParagraphs('Primeiro.\nAinda o primeiro.\n\n\n  Segundo.  \r\n\r\nTerceiro.'),
    ).toEqual([
      [{ text: 'Primeiro.\nAinda o primeiro.' }],
      [{ text: 'Segundo.' }],
      [{ text: 'Terceiro.' }],
    ]);
    expect(textParagraphs('  \n\n ')).toEqual([]);
  });

  it('turns web addresses into links, leaving the sentence around them as text', () => {
    expect(
      linkedPieces('Programação em https://exemplo.com.br/agenda, e mapa em www.mapa.example.'),
    ).toEqual([
      { text: 'Programação em ' },
      { text: 'https://exemplo.com.br/agenda', href: 'https://exemplo.com.br/agenda' },
      { text: ', e mapa em ' },
      { text: 'www.mapa.example', href: 'https://www.mapa.example' },
      { text: '.' },
    ]);
    expect(linkedPieces('(veja https://pt.wikipedia.org/wiki/Recife_(PE))')).toEqual([
      { text: '(veja ' },
      {
        text: 'https://pt.wikipedia.org/wiki/Recife_(PE)',
        href: 'https://pt.wikipedia.org/wiki/Recife_(PE)',
      },
      { text: ')' },
    ]);
  });

  it('never makes a link of anything but a web address', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'contato@recife.dev',
      'ftp://x.example',
    ]) {
      expect(linkedPieces(text).every((piece) => !('href' in piece))).toBe(true);
    }
    const quoted = linkedPieces('https://x.example/"onmouseover="alert(1)');
    expect(quoted[0]).toEqual({ text: 'https://x.example/', href: 'https://x.example/' });
  });

  it('shortens to the first paragraph, cut at a word', () => {
    expect(shortText('Um encontro   de\ndevs.\n\nMais.', 160)).toBe('Um encontro de devs.');
    expect(shortText('Um encontro de pessoas que programam em Recife', 20)).toBe('Um encontro de…');
    expect(shortText('', 20)).toBe('');
  });
});
