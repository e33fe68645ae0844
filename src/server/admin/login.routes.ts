// POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me: for every role (the URLs keep
// their first name). Login is public; logout and me need a session (plugins/authorization.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SignedInAccount } from '../../shared/account.ts';
import { errorTable } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { currentSession } from '../plugins/authorization.ts';
import { emailKey } from '../email-key.ts';
import { sendError } from '../http-errors.ts';
import { findAccountByEmail } from './accounts.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { maxPasswordLength, unusableHash, verifyPassword } from './password.ts';
import type { AccountSession } from './sessions.repository.ts';

// PostgreSQL refuses a NUL in text (an error, so a 500); no e-mail or password holds one anyway.
const withoutNul = (value: string) => !value.includes('\u0000');
const loginSchema = z.object({
  email: z.string().max(254).refine(withoutNul),
  password: z.string().max(maxPasswordLength).refine(withoutNul),
});

export interface LoginRoutesOptions {
  throttle?: LoginThrottle;
}

function signedIn({ email, role }: Pick<AccountSession, 'email' | 'role'>): SignedInAccount {
  return { email, role: role as SignedInAccount['role'] };
}

export async function loginRoutes(app: FastifyInstance, options: LoginRoutesOptions = {}) {
  const throttle = options.throttle ?? new LoginThrottle(app.db.kysely);

  app.post(api.adminLogin, { config: { audience: audiences.public } }, async (request, reply) => {
    const parsed = loginSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, errorTable.validation);
    const key = emailKey(parsed.data.email);

    const decision = await throttle.begin(key, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      return sendError(reply, errorTable.loginRateLimited);
    }

    // An unknown e-mail costs the same scrypt run as a wrong password: same answer, same time.
    const account = key ? await findAccountByEmail(app.db.kysely, key) : undefined;
    const valid = await verifyPassword(
      parsed.data.password,
      account?.password_hash ?? unusableHash,
    );
    if (!account || !valid) {
      return sendError(reply, errorTable.invalidCredentials);
    }

    // Reset or removed while the password was being checked: that password lets no one in now.
    if (!(await app.sessions.start(request, reply, account))) {
      return sendError(reply, errorTable.invalidCredentials);
    }
    await throttle.succeeded(decision.attempt, key, request.ip);
    // Who logged in stays out of the log: the id is enough to trace it.
    request.log.info({ accountId: account.id, role: account.role }, 'account logged in');
    return signedIn(account);
  });

  app.post(
    api.adminLogout,
    { config: { audience: audiences.signedIn } },
    async (request, reply) => {
      await app.sessions.end(reply, currentSession(request));
      return reply.code(204).send();
    },
  );

  app.get(api.adminMe, { config: { audience: audiences.signedIn } }, async (request) =>
    signedIn(currentSession(request)),
  );
}
