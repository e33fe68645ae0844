// The WhatsApp country picker's options: United States first (the event is there), Brasil
// right below (most visitors), then every other country libphonenumber-js knows, by pt-BR name.
// Computed once, at build time (vite.config.ts, `virtual:country-options`), so the page that
// shows the picker ships this short list instead of the phone metadata, and the server's HTML
// and the browser's hydration read the very same names.
import { getCountries, getCountryCallingCode, type CountryCode } from './phone.ts';

export interface CountryOption {
  code: CountryCode;
  /** Without the '+': '1', '55'. */
  callingCode: string;
  /** 'Estados Unidos' */
  name: string;
  /** What the list shows: 'Estados Unidos (+1)'. */
  label: string;
}

export const defaultCountry: CountryCode = 'US';

const pinnedCountries: readonly CountryCode[] = ['US', 'BR'];

export function countryOptions(locale = 'pt-BR'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const option = (code: CountryCode): CountryOption => {
    const name = names.of(code) ?? code;
    const callingCode = getCountryCallingCode(code);
    return { code, callingCode, name, label: `${name} (+${callingCode})` };
  };
  const others = getCountries()
    .filter((code) => !pinnedCountries.includes(code))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...pinnedCountries.map(option), ...others];
}
