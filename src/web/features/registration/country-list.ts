// The WhatsApp country picker's list, put in the page when the visitor reaches for the picker
// (focus, a touch, the pointer pressed on it, a key) and before it opens. The server sends the
// picker with the default country alone: the page then does not parse, style and lay out 245
// options that most visitors never open (docs/decisions/0102). Used by the form page's small entry
// (before the app runs) and by the picker itself (once it does): whichever comes first fills it.
import countries from 'virtual:country-options';
import { countryField as countrySelectName } from '@shared/registration.fields.ts';

export { countrySelectName };

/** What a visitor does to a native <select> before its list opens. */
export const reachForPicker = ['focusin', 'pointerdown', 'mousedown', 'touchstart', 'keydown'];

/** Every country in the picker, in the list's order, the chosen one kept. Does nothing twice. */
export function showAllCountries(select: HTMLSelectElement): void {
  if (select.options.length === countries.length) return;
  const chosen = select.value;
  select.replaceChildren(...countries.map(({ code, label }) => new Option(label, code)));
  select.value = chosen;
}

/** Fills the picker that `event` reached for, if it is the country picker. */
export function onReachForPicker(event: { target: EventTarget | null }): void {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.name === countrySelectName) {
    showAllCountries(target);
  }
}

/**
 * Keeps a country chosen before the app runs on the picker itself (`data-chosen`): hydrating
 * the picker puts React's value (the default) back, and the form takes this one over instead
 * (form-values.ts, `typedBeforeHydration`).
 */
export function keepChoiceBeforeApp(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLSelectElement) || target.name !== countrySelectName) return;
  if (target.form?.noValidate) return; // the app has the form
  target.dataset.chosen = target.value;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => escapes[c]!);

/**
 * The picker's content as the server renders it: the event's phone country (the default) alone.
 * React sets it once and never again (the same string on every render of a page), so it never
 * puts it back over the full list.
 */
export function defaultCountryHtml(code: string): string {
  const option = countries.find((country) => country.code === code) ?? countries[0]!;
  return `<option value="${escape(option.code)}">${escape(option.label)}</option>`;
}

/**
 * Every country, `chosen` selected: the picker of a form the server shows again without script
 * (decision 0209), where nothing fills the list when the visitor reaches for it.
 */
export function allCountriesHtml(chosen: string): string {
  return countries
    .map(
      ({ code, label }) =>
        `<option value="${escape(code)}"${code === chosen ? ' selected' : ''}>${escape(label)}</option>`,
    )
    .join('');
}
