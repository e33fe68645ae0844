// POST /api/admin/setup: the first admin, created through the link the server prints while there
// is none (docs/decisions/0118). The same rules and messages as every new account; the form checks
// the fields with this schema before sending, the server again.
import { z } from 'zod';
import { accountMessages, newAccountEmail, newAccountPassword } from './door-account.schema.ts';

export const firstAdminMessages = {
  invalidEmail: 'Informe um e-mail válido, como organizadora@exemplo.com.',
} as const;

/** What the person types. */
export const firstAdminFieldsSchema = z.strictObject(
  {
    email: newAccountEmail(firstAdminMessages.invalidEmail),
    password: newAccountPassword,
  },
  { error: accountMessages.unknownField },
);
export type FirstAdminFields = z.input<typeof firstAdminFieldsSchema>;

/** What is sent: the fields and the link's token. */
export const firstAdminSchema = firstAdminFieldsSchema.extend({
  token: z.string({ error: accountMessages.notText }),
});
export type FirstAdmin = z.input<typeof firstAdminSchema>;
