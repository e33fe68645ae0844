// Who makes a change: the signed-in account behind the request, as the audit trail and the
// check-ins record it (its e-mail as it is now: the account may be removed later).
import type { FastifyRequest } from 'fastify';
import { currentSession } from '../plugins/authorization.ts';

export interface Actor {
  accountId: string;
  email: string;
}

/** For routes for signed-in accounts only (every such route has a session). */
export function actorOf(request: FastifyRequest): Actor {
  const { accountId, email } = currentSession(request);
  return { accountId, email };
}
