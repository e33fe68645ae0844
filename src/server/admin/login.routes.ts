// POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me: for every role (the URLs keep
// their first name). Login is public; logout and me need a session (plugins/authorization.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SignedInAccount } from '../../shared/account.ts';
import { errorTable } from '../../shared/api-error.ts';
import { loginSchema, signedInAccountSchema } from '../../shared/login.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { currentSession } from '../plugins/authorization.ts';
import { emailKey } from '../email-key.ts';
import { sendError } from '../http-errors.ts';
import { emptyAnswer, routeSchema } from '../route-schema.ts';
import { findAccountByEmail } from './accounts.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { unusableHash, verifyPassword } from './password.ts';
import type { AccountSession } from './sessions.repository.ts';

export interface LoginRoutesOptions {
  throttle?: LoginThrottle;
}

function signedIn({ email, role }: Pick<AccountSession, 'email' | 'role'>): SignedInAccount {
  return { email, role: role as SignedInAccount['role'] };
}

export async function loginRoutes(fastify: FastifyInstance, options: LoginRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const throttle = options.throttle ?? new LoginThrottle(app.db.kysely);

  app.post(
    api.adminLogin,
    {
      config: { audience: audiences.public },
      // Any body it cannot read gets the one message, no field named: answered here.
      attachValidation: true,
      schema: routeSchema({
        summary: 'Sign in (every role), starting a session (its cookie)',
        body: loginSchema,
        response: { 200: signedInAccountSchema },
        errors: [errorTable.invalidCredentials, errorTable.loginRateLimited],
      }),
    },
    async (request, reply) => {
      if (request.validationError) return sendError(reply, errorTable.validation);
      const { email, password } = request.body;
      const key = emailKey(email);

      const decision = await throttle.begin(key, request.ip);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return sendError(reply, errorTable.loginRateLimited);
      }

      // An unknown e-mail costs the same scrypt run as a wrong password: same answer, same time.
      const account = key ? await findAccountByEmail(app.db.kysely, key) : undefined;
      const valid = await verifyPassword(password, account?.password_hash ?? unusableHash);
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
    },
  );

  app.post(
    api.adminLogout,
    {
      config: { audience: audiences.signedIn },
      schema: routeSchema({
        summary: 'Sign out: the session ends on every instance',
        response: { 204: emptyAnswer('Signed out.') },
      }),
    },
    async (request, reply) => {
      await app.sessions.end(reply, currentSession(request));
      return reply.code(204).send();
    },
  );

  app.get(
    api.adminMe,
    {
      config: { audience: audiences.signedIn },
      schema: routeSchema({
        summary: 'Who is signed in, and as what',
        response: { 200: signedInAccountSchema },
      }),
    },
    async (request) => signedIn(currentSession(request)),
  );
}
