// One edition's registrations, newest first, read-only: its screen's list and its results share
// them (one request, one cache entry).
import { useQuery } from '@tanstack/react-query';
import { listEditionRegistrations } from '../admin-api.ts';
import { sortNewestFirst } from '../registrations-list.ts';
import { editionRegistrationsKey } from './editions-keys.ts';

export function useEditionRegistrations(id: string, enabled = true) {
  return useQuery({
    queryKey: editionRegistrationsKey(id),
    queryFn: async ({ signal }) => sortNewestFirst(await listEditionRegistrations(id, signal)),
    staleTime: 0,
    enabled,
  });
}
