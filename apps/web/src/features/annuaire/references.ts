import { useQuery } from '@tanstack/react-query';
import { LIBELLES_STATUT_HABILITATION, STATUTS_HABILITATION } from '@estive/domain';
import { api } from '../../lib/api';

export interface Option {
  value: string;
  label: string;
}
export const options = (refs: { id: string; libelle: string }[] | undefined): Option[] =>
  (refs ?? []).map((r) => ({ value: r.id, label: r.libelle }));

export const OPTIONS_STATUT_HABILITATION: Option[] = STATUTS_HABILITATION.map((s) => ({
  value: s,
  label: LIBELLES_STATUT_HABILITATION[s],
}));

/** The active right's labels, the activities and the ODG's groups: the search filters' choices. */
export function useListesFiltres() {
  const aops = useQuery({
    queryKey: ['aop-igp'],
    queryFn: ({ signal }) => api('GET /api/aop-igp', { signal }),
  });
  const activites = useQuery({
    queryKey: ['activite'],
    queryFn: ({ signal }) => api('GET /api/activite', { signal }),
  });
  const groupes = useQuery({
    queryKey: ['groupe', 'options'],
    queryFn: ({ signal }) =>
      api('GET /api/groupe', { query: { size: 2000 }, signal }).then((p) => p.content),
  });
  return {
    aops: options(aops.data),
    activites: options(activites.data),
    groupes: options(groupes.data),
  };
}

/** The active right's labels and every label's activities: what a habilitation is made of. */
export function useAopsEtActivites() {
  const aops = useQuery({
    queryKey: ['aop-igp'],
    queryFn: ({ signal }) => api('GET /api/aop-igp', { signal }),
  }).data;
  const activites = useQuery({
    queryKey: ['activiteAopIgp'],
    queryFn: ({ signal }) => api('GET /api/activiteAopIgp', { signal }),
  }).data;
  return { aops, activites };
}

/** The activities of one label as choices: none until a label is chosen. */
export const activitesDe = (
  activites: { id: string; libelle: string; aopIgpId: string }[] | undefined,
  aop: string,
): Option[] => options(activites?.filter((a) => a.aopIgpId === aop));
