// Signing in (POST /api/admin/login) and who is signed in (its answer, and GET /api/admin/me).
// The login form sends what was typed; the server answers every refusal with one message, so
// the schema carries none of its own.
import { z } from 'zod';
import { accountRoles, passwordLimits } from './account.ts';

// PostgreSQL refuses a NUL in text (an error, so a 500); no e-mail or password holds one anyway.
const withoutNul = (value: string) => !value.includes('\u0000');

/** The login's body. */
export const loginSchema = z.object({
  email: z.string().max(254).refine(withoutNul),
  password: z.string().max(passwordLimits.max).refine(withoutNul),
});
export type Login = z.output<typeof loginSchema>;

/** Who is signed in, and as what (the panel and the door open by the role). */
export const signedInAccountSchema = z.object({
  email: z.string(),
  role: z.enum(accountRoles),
});
