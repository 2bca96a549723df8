import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { getJson } from '../lib/api';
import {
  DEBOUNCE_FILTRE_MS,
  parametresFiltres,
  parametresPage,
  TAILLE_PAGE_DEFAUT,
  type PageServeur,
  type Tri,
  type ValeurFiltre,
} from './requetePaginee';

export interface OptionsRequetePaginee {
  /** First element of the TanStack Query key: invalidate it after a write. */
  cle: string;
  /** The search's path, e.g. `/api/personne-morale`. */
  chemin: string;
  filtres: Record<string, ValeurFiltre>;
  triInitial?: Tri | null;
  enabled?: boolean;
}

/**
 * A server search bound to a table: filters debounced 500 ms (a new filter goes back to the
 * first page), page, size and sort in the query key, the previous page kept on screen while the
 * next one loads. `parametres` are the debounced filters, for an export of the same search.
 */
export function useRequetePaginee<T>({
  cle,
  chemin,
  filtres,
  triInitial = null,
  enabled = true,
}: OptionsRequetePaginee) {
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
    queryKey: [cle, chemin, qs],
    queryFn: ({ signal }) => getJson<PageServeur<T>>(`${chemin}?${qs}`, { signal }),
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
export type RequetePaginee<T> = ReturnType<typeof useRequetePaginee<T>>;
