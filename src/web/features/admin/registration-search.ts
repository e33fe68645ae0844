// The panel's search: finds a person at the door by a piece of the name, e-mail, company, phone
// or a text answer to the organizer's questions (issue 34.4), ignoring case and accents ('joao'
// finds 'João'). Every word typed must match.
import type { Registration } from '@shared/registration.schema.ts';
import { normalizeForSearch } from '@/lib/search-text.ts';

type Searchable = Pick<Registration, 'nome_completo' | 'email' | 'nome_compania' | 'whatsapp'> & {
  respostas?: Registration['respostas'];
};

/**
 * The answers typed in (a string; a list is options picked). A single choice is a string too, its
 * option's id: random letters nobody types, so left in rather than looked up in the settings.
 */
function typedAnswers(registration: Searchable): string[] {
  return Object.values(registration.respostas ?? {}).filter(
    (answer): answer is string => typeof answer === 'string',
  );
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** A term made of digits and the signs people type in phone numbers: '(508) 555-1234'. */
const phoneLike = /^[\d\s()+.-]*\d[\d\s()+.-]*$/;
/** Fewer digits are in almost every number: 'ana 2' means a name, not a phone. */
const minPhoneDigits = 3;

/** The digits of a term that reads as (a piece of) a phone number, or ''. */
function phoneDigitsOf(term: string): string {
  const digits = phoneLike.test(term) ? digitsOf(term) : '';
  return digits.length >= minPhoneDigits ? digits : '';
}

interface SearchKey {
  text: string;
  phoneDigits: string;
}

// Rows are replaced, never mutated, on every change: a key computed once per row stays right.
const keys = new WeakMap<Searchable, SearchKey>();

function keyOf(registration: Searchable): SearchKey {
  let key = keys.get(registration);
  if (!key) {
    key = {
      text: normalizeForSearch(
        [
          registration.nome_completo,
          registration.email,
          registration.nome_compania,
          ...typedAnswers(registration),
        ].join('\n'),
      ),
      phoneDigits: digitsOf(registration.whatsapp),
    };
    keys.set(registration, key);
  }
  return key;
}

export interface SearchQuery {
  /** The normalized words; empty when the search box is empty. */
  words: string[];
  /** The whole term's digits when it reads as a phone number, spaces and all (3 digits at least); else ''. */
  phoneDigits: string;
  /** The whole term, normalized. */
  text: string;
}

export function parseSearch(term: string): SearchQuery {
  const text = normalizeForSearch(term);
  return {
    text,
    words: text ? text.split(' ') : [],
    phoneDigits: phoneDigitsOf(text),
  };
}

export function matchesSearch(registration: Searchable, query: SearchQuery): boolean {
  if (query.words.length === 0) return true;
  const key = keyOf(registration);
  // '508 555 1234' is one number, whatever the spaces.
  if (query.phoneDigits && key.phoneDigits.includes(query.phoneDigits)) return true;
  return query.words.every((word) => {
    if (key.text.includes(word)) return true;
    const digits = phoneDigitsOf(word);
    return digits !== '' && key.phoneDigits.includes(digits);
  });
}

/** The rows matching `term`, in their order; the same array when the term is empty. */
export function filterRegistrations<T extends Searchable>(list: readonly T[], term: string): T[] {
  const query = parseSearch(term);
  if (query.words.length === 0) return list as T[];
  return list.filter((registration) => matchesSearch(registration, query));
}
