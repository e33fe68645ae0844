// POST /api/admin/setup: the first admin, through the setup link (first-admin-setup.ts,
// docs/decisions/0118). Public, like the login: a wrong token counts as a failed login from that
// address, and past the login's limit gets 429; the right one is never throttled (decision
// 0206). A token that is not live, or an admin that exists, gets the same 404 as any unknown
// route; then the fields, with the rules and messages of every new account; then the admin is
// created and logged in, as the login does.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SignedInAccount } from '../../shared/account.ts';
import { errorTable } from '../../shared/api-error.ts';
import { firstAdminSchema } from '../../shared/first-admin.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { signedInAccountSchema } from '../../shared/login.schema.ts';
import { routeSchema } from '../route-schema.ts';
import { AccountExistsError } from './accounts.repository.ts';
import { SetupRefusedError } from './first-admin-setup.ts';
import { defaultThrottleLimits, LoginThrottle } from './login-throttle.ts';

/** The throttle's key for setup attempts: no e-mail key can look like it (no `@`). */
const setupThrottleKey = '#setup';

export interface SetupRoutesOptions {
  throttle?: LoginThrottle;
}

function tokenOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null
    ? (body as { token?: unknown }).token
    : undefined;
}

export async function setupRoutes(fastify: FastifyInstance, options: SetupRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const throttle =
    options.throttle ??
    new LoginThrottle(app.db.kysely, { ...defaultThrottleLimits, perAccount: null });

  app.post(
    api.adminSetup,
    {
      config: { audience: audiences.public },
      // The token before the fields: this route answers its schema's refusal itself.
      attachValidation: true,
      schema: routeSchema({
        summary: 'Create the first admin through the setup link, and sign in as it',
        description:
          'Open only while no admin exists, with the live token the server prints at start. ' +
          'A token that is not live gets `404`, as any unknown route; wrong tokens are throttled ' +
          'like failed logins, the right one never.',
        body: firstAdminSchema,
        response: { 201: signedInAccountSchema },
        errors: [errorTable.notFound, errorTable.loginRateLimited, errorTable.accountExists],
      }),
    },
    async (request, reply) => {
      // The right token is checked first and never throttled: behind shared NAT, or a proxy without
      // TRUST_PROXY, anyone's wrong guesses share the owner's address (issue 31.3). 128 random bits
      // need no throttle to stay unguessable; the throttle only spares the server the guessing.
      if (!(await app.firstAdminSetup.accepts(tokenOf(request.body)))) {
        const decision = await throttle.begin(setupThrottleKey, request.ip);
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.retryAfterSeconds));
          return sendError(reply, errorTable.loginRateLimited);
        }
        // Counted as a failure: begin() records every attempt until it succeeds, never here.
        return sendError(reply, errorTable.notFound);
      }

      // The token was good: now the fields, refused as any route's (the error handler).
      if (request.validationError) throw request.validationError;
      const fields = request.body;
      let account;
      try {
        account = await app.firstAdminSetup.createFirstAdmin(
          fields.token,
          fields.email,
          fields.password,
        );
      } catch (error) {
        // Used a moment ago (here or on another instance), or an admin was made another way.
        if (error instanceof SetupRefusedError) return sendError(reply, errorTable.notFound);
        if (error instanceof AccountExistsError) {
          return sendError(reply, errorTable.accountExists, {
            email: errorTable.accountExists.message,
          });
        }
        throw error;
      }
      // Just made, with this password: nothing can have changed it yet.
      if (!(await app.sessions.start(request, reply, account))) throw new Error('first admin gone');
      // Who it is stays out of the log: the id is enough to trace it.
      request.log.info({ accountId: account.id }, 'first admin created through the setup link');
      const signedIn: SignedInAccount = { email: account.email, role: 'admin' };
      return reply.code(201).send(signedIn);
    },
  );
}
