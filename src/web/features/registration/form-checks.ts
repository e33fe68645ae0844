// The form's checks (shared with the server: registration-submission.ts), and reading a saved
// draft back. This chunk carries zod and the phone metadata, so
// the form loads it after its first paint (registration-form.tsx).
import '@/lib/zod-config.ts';
import countries from 'virtual:country-options';
import { z } from 'zod';
import { answerOptions, requiredFormFields } from '@shared/registration.fields.ts';
import type { Draft } from './form-draft.ts';

export {
  prepareSubmission,
  type RegistrationBody,
  type Submission,
} from '@shared/registration-submission.ts';

const countryCodes = countries.map((country) => country.code) as [string, ...string[]];

/** A saved draft: each field as typed, each question's answer, and the country. */
const draftSchema = z.object({
  ...Object.fromEntries(requiredFormFields.map((field) => [field, z.string().max(1000)])),
  ...Object.fromEntries(
    Object.entries(answerOptions).map(([field, options]) => [field, z.enum(['', ...options])]),
  ),
  country: z.enum(countryCodes),
  // The organizer's questions (issue 34): checked against the form when it is sent.
  respostas: z
    .record(
      z.string().max(40),
      z.union([z.string().max(2000), z.array(z.string().max(40)).max(100)]),
    )
    .default({}),
});

/** The draft in `text`, or null when there is none or it is not one of ours. */
export function parseDraft(text: string | null): Draft | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? (parsed.data as Draft) : null;
}
