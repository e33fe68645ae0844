// Who may call a route, declared where the route is defined (`config: { audience }`) and
// enforced in one place (plugins/authorization.ts): 'public', or the account roles allowed.
import { accountRoles, type AccountRole } from '../shared/account.ts';

export type Audience = 'public' | readonly AccountRole[];

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
  }
}

export const audiences = {
  /** Anyone, signed in or not. */
  public: 'public',
  /** Any signed-in account, whatever its role (login state: logout, me). */
  signedIn: accountRoles,
  /** Organizers: personal data and every change to it. */
  admin: ['admin'],
  /** The entrance: attendees' names and companies, and their check-ins. Admins may open it too. */
  door: ['door', 'admin'],
} as const satisfies Record<string, Audience>;

export function allows(audience: Audience, role: string): boolean {
  return audience === 'public' || (audience as readonly string[]).includes(role);
}
