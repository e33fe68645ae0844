// Text as searches compare it: lower case, without accents or repeated spaces, so 'joao' finds
// 'João' (the panel's search and the door's).

/** 'JOÃO  Conceição' -> 'joao conceicao'. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim();
}
