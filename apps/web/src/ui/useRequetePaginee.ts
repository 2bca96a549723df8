import { useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { CleApiPaginee, LigneApi } from '@estive/contracts';
import { lirePage } from '../lib/api';
import {
  DEBOUNCE_FILTRE_MS,
  parametresFiltres,
  parametresPage,
  TAILLE_PAGE_DEFAUT,
  type PageServeur,
  type Tri,
  type ValeurFiltre,
} from './requetePaginee';

export interface OptionsRequetePaginee<K extends CleApiPaginee> {
  /** First element of the TanStack Query key: invalidate it after a write. */
  cle: string;
  /** The search's call, e.g. `GET /api/personne-morale`: its contract types the lines. */
  appel: K;
  filtres: Record<string, ValeurFiltre>;
  triInitial?: Tri | null;
  enabled?: boolean;
}

/**
 * A server search bound to a table: filters debounced 500 ms (a new filter goes back to the
 * first page), page, size and sort in the query key, the previous page kept on screen while the
 * next one loads. `parametres` are the debounced filters, for an export of the same search.
 */
export function useRequetePaginee<K extends CleApiPaginee>({
  cle,
  appel,
  filtres,
  triInitial = null,
  enabled = true,
}: OptionsRequetePaginee<K>) {
  // Debounce the serialised filters: the object is rebuilt each render, its text is stable.
  const texteFiltres = parametresFiltres(filtres).toString();
  const [filtresStables] = useDebouncedValue(texteFiltres, DEBOUNCE_FILTRE_MS);
  const [etat, setEtat] = useState({ filtres: filtresStables, page: 1 });
  const [taille, setTaille] = useState(TAILLE_PAGE_DEFAUT);
  const [tri, setTri] = useState<Tri | null>(triInitial);
  // Back to page 1 when the filters change (state adjusted during render, not in an effect).
  const page = etat.filtres === filtresStables ? etat.page : 1;
  if (etat.filtres !== filtresStables) setEtat({ filtres: filtresStables, page: 1 });

  const parametres = new URLSearchParams(filtresStables);
  const qs = parametresPage(parametres, page - 1, taille, tri).toString();
  const requete = useQuery({
    queryKey: [cle, appel, qs],
    queryFn: ({ signal }) => lirePage(appel, new URLSearchParams(qs), signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    requete,
    parametres,
    /** True while the typed filters wait for their debounce. */
    enAttente: texteFiltres !== filtresStables,
    page,
    setPage: (p: number) => setEtat({ filtres: filtresStables, page: p }),
    taille,
    setTaille: (t: number) => {
      setTaille(t);
      setEtat({ filtres: filtresStables, page: 1 });
    },
    tri,
    setTri,
  };
}
/** The hook's result for a table of lines T (TablePaginee): T is the call's `LigneApi`. */
export type RequetePaginee<T> = Omit<ReturnType<typeof useRequetePaginee>, 'requete'> & {
  requete: UseQueryResult<PageServeur<T>>;
};
export type { LigneApi };
