// Door accounts as admins manage them from the panel (GET/POST /api/admin/accounts, DELETE
// /api/admin/accounts/:id): the list's rows and the new account's body, with the pt-BR messages.
import { z } from 'zod';
import { accountRoles, passwordLimits } from './account.ts';
import { isValidEmail } from './registration.schema.ts';

export const accountMessages = {
  invalidEmail: 'Informe um e-mail válido, como portaria@exemplo.com.',
  passwordTooShort: `A senha precisa de pelo menos ${passwordLimits.min} caracteres.`,
  passwordTooLong: `A senha pode ter no máximo ${passwordLimits.max} caracteres.`,
  notText: 'Envie este campo como texto.',
  unknownField: 'Campo desconhecido.',
} as const;

export const doorAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(accountRoles),
  /** ISO 8601 UTC. */
  created_at: z.string(),
});
export type DoorAccount = z.output<typeof doorAccountSchema>;

/** A new account's e-mail; `invalid` is the message, with an example fit for the role. */
export function newAccountEmail(invalid: string) {
  return z.string({ error: accountMessages.notText }).trim().refine(isValidEmail, invalid);
}

/** A new account's password: the rules every account has (the CLI's too: admin/password.ts). */
export const newAccountPassword = z
  .string({ error: accountMessages.notText })
  .refine((value) => [...value].length >= passwordLimits.min, accountMessages.passwordTooShort)
  .refine((value) => value.length <= passwordLimits.max, accountMessages.passwordTooLong);

/** POST /api/admin/accounts: a door account with this e-mail and password. */
export const newDoorAccountSchema = z.strictObject(
  {
    email: newAccountEmail(accountMessages.invalidEmail),
    password: newAccountPassword,
  },
  { error: accountMessages.unknownField },
);
export type NewDoorAccount = z.input<typeof newDoorAccountSchema>;
