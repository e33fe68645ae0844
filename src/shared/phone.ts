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

/**
 * A stored E.164 number the way people of the event's phone country read it (decision 0214): one
 * of that country in its national form ('(81) 99876-5432' in Brazil), any other in international
 * form ('+1 213 555 0100'), which is how it must be dialled from there. Every place that shows a
 * phone (the panel, the e-mails, the CSV) goes through this one function.
 */
export function formatPhone(e164: string, phoneCountry: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.country === phoneCountry ? phone.formatNational() : phone.formatInternational();
}
