// What the visitor has typed, and the messages shown at the fields. No zod and no phone
// metadata here: this is part of the form's first download (form-checks.ts loads after it).
import type { CountryCode } from '@shared/phone.ts';
import {
  honeypotField,
  registrationFormFields,
  type FieldErrors,
  type RegistrationFormField,
} from '@shared/registration.fields.ts';
import type { RegistrationFormValues } from '@shared/registration-submission.ts';

export { formFieldErrors } from '@shared/registration.fields.ts';
export type { FieldErrors, RegistrationFormValues };

export function emptyValues(country: CountryCode): RegistrationFormValues {
  const blank = Object.fromEntries(registrationFormFields.map((field) => [field, '']));
  return { ...blank, country, [honeypotField]: '' } as RegistrationFormValues;
}

/** The first field with a problem, in the order the form shows them: it gets the focus. */
export function firstInvalidField(errors: FieldErrors): RegistrationFormField | undefined {
  return registrationFormFields.find((field) => errors[field]);
}

/**
 * What the form's elements hold right now where it differs from `initial`: what a visitor typed
 * or chose in the server's HTML before the page came alive. React keeps it on screen but not in
 * its state, so the form takes it over once hydrated. The country picker is the exception React
 * resets: its choice is read from where the page's entry kept it (country-list.ts).
 */
export function typedBeforeHydration(
  form: HTMLFormElement,
  countrySelectName: string,
  initial: RegistrationFormValues,
): Partial<RegistrationFormValues> {
  const data = new FormData(form);
  const typed: Record<string, string> = {};
  type Named = [key: keyof RegistrationFormValues, name: string];
  const named: (keyof RegistrationFormValues)[] = [...registrationFormFields, honeypotField];
  const fields: Named[] = [
    ...named.map((field): Named => [field, field]),
    ['country', countrySelectName],
  ];
  // Hydrating the picker puts the default back: the choice made before is kept on it.
  const picker = form.elements.namedItem(countrySelectName);
  const chosen = picker instanceof HTMLSelectElement ? picker.dataset.chosen : undefined;
  for (const [key, name] of fields) {
    const value = (name === countrySelectName && chosen) || (data.get(name) ?? '');
    if (typeof value === 'string' && value !== initial[key]) typed[key] = value;
  }
  return typed as Partial<RegistrationFormValues>;
}
