// POST /api/admin/setup: the first admin, created and logged in (the session cookie, as the
// login sets it).
import type { SignedInAccount } from '@shared/account.ts';
import type { FirstAdmin } from '@shared/first-admin.schema.ts';
import { api } from '@shared/paths.ts';
import { apiRequest } from '@/lib/api-client.ts';

export function createFirstAdmin(body: FirstAdmin): Promise<SignedInAccount> {
  return apiRequest<SignedInAccount>(api.adminSetup, { method: 'POST', body });
}
