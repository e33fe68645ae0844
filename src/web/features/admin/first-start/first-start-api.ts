// The first start's event step (decision 0227): whether the screen is owed, and 'Pular'. Saving
// it is the event's own save (admin-api.ts), which the server takes as the step done.
import type { FirstStart } from '@shared/first-start.schema.ts';
import { api } from '@shared/paths.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const firstStartKey = ['admin', 'first-start'] as const;

export function fetchFirstStart(signal?: AbortSignal): Promise<FirstStart> {
  return apiRequest<FirstStart>(api.adminFirstStart, { signal });
}

export function skipFirstStart(): Promise<FirstStart> {
  return apiRequest<FirstStart>(api.adminFirstStartSkip, { method: 'POST' });
}
