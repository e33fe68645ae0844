// The editions, asked again each time their screen opens (another organizer may have started
// one); 'Nova edição' and a save refresh them too.
import { useQuery } from '@tanstack/react-query';
import { listEditions } from '../admin-api.ts';
import { editionsKey } from './editions-keys.ts';

export function useEditions() {
  return useQuery({
    queryKey: editionsKey,
    queryFn: ({ signal }) => listEditions(signal),
    staleTime: 0,
  });
}
