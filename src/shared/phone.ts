// Phone numbers, with libphonenumber-js' full ("max") metadata: it knows which area codes and
// number ranges exist, so '+55 91234-5678' (no DDD) or a made-up area code is refused, not
// stored as a number no ticket would reach. Import phone functions from here only, so one copy
// of the metadata ships.
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';

export { getCountries, getCountryCallingCode, type CountryCode };

/** A country libphonenumber-js has numbers for, by its ISO 3166 alpha-2 code ('BR'). */
export function isPhoneCountry(code: string): code is CountryCode {
  return (getCountries() as readonly string[]).includes(code);
}

/** The number in E.164 (`+15085551234`), or null when it is not a valid phone number. */
export function toE164(value: string, country?: CountryCode): string | null {
  const phone = parsePhoneNumberFromString(value, country ? { defaultCountry: country } : {});
  return phone?.isValid() ? phone.number : null;
}

/** '+1 508 555 1234': how people read a stored E.164 number. */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
