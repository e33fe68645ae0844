// POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me. The session guard
// (plugins/session-guard.ts) lets only the login through without a session.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrors } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { emailKey } from '../email-key.ts';
import { sendError } from '../http-errors.ts';
import { findAdminByEmail } from './admins.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { maxPasswordLength, unusableHash, verifyPassword } from './password.ts';

// PostgreSQL refuses a NUL in text (an error, so a 500); no e-mail or password holds one anyway.
const withoutNul = (value: string) => !value.includes('\u0000');
const loginSchema = z.object({
  email: z.string().max(254).refine(withoutNul),
  password: z.string().max(maxPasswordLength).refine(withoutNul),
});

export interface AdminRoutesOptions {
  throttle?: LoginThrottle;
}

export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions = {}) {
  const throttle = options.throttle ?? new LoginThrottle();

  app.post(api.adminLogin, async (request, reply) => {
    const parsed = loginSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, 400, 'validation', apiErrors.validation);
    const account = emailKey(parsed.data.email);

    const decision = throttle.begin(account, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      return sendError(reply, 429, 'login_rate_limited', apiErrors.loginRateLimited);
    }

    // An unknown e-mail costs the same scrypt run as a wrong password: same answer, same time.
    const admin = account ? await findAdminByEmail(app.db.kysely, account) : undefined;
    const valid = await verifyPassword(parsed.data.password, admin?.password_hash ?? unusableHash);
    if (!admin || !valid) {
      return sendError(reply, 401, 'invalid_credentials', apiErrors.invalidCredentials);
    }

    throttle.succeeded(account, request.ip);
    await app.adminSessions.start(request, reply, admin.id);
    // Who logged in stays out of the log: the id is enough to trace it.
    request.log.info({ adminId: admin.id }, 'admin logged in');
    return { email: admin.email };
  });

  app.post(api.adminLogout, async (request, reply) => {
    const session = request.adminSession;
    if (session) await app.adminSessions.end(reply, session);
    return reply.code(204).send();
  });

  app.get(api.adminMe, async (request, reply) => {
    const session = request.adminSession;
    if (!session) return sendError(reply, 401, 'unauthorized', apiErrors.unauthorized);
    return { email: session.email };
  });
}
