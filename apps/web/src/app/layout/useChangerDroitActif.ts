import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { choisirDroitActif } from '../../offline/session/session';

/** A new active right is a new perimeter: every server query is refetched under it. */
export function useChangerDroitActif(): (id: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      choisirDroitActif(id);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
