// Who may use the site beyond its public pages: an account has one role from this list. `admin`
// may do everything; `door` only checks people in at the entrance (names and companies, never a
// phone or an e-mail). Add a role here (with a migration if it needs data) and name it in the
// audience of the routes it may call.
export const accountRoles = ['admin', 'door'] as const;
export type AccountRole = (typeof accountRoles)[number];

/** Every account's password: at least `min` characters, at most `max` UTF-16 units. */
export const passwordLimits = { min: 12, max: 1024 } as const;

/** What login and GET /api/admin/me answer: who is signed in, and as what. */
export interface SignedInAccount {
  email: string;
  role: AccountRole;
}

export function isAccountRole(value: unknown): value is AccountRole {
  return (accountRoles as readonly unknown[]).includes(value);
}
