import { clesDe } from '@estive/domain';
/** The Contrôles tab's filters, named after the API's query parameters. */
export interface FiltresControles {
  dateFrom: string;
  dateTo: string;
  campagneId: string;
  nature: string;
  resultat: string;
  statut: string;
  niveau: string;
  aopIgpId: string;
  operateur: string;
  auditeur: string;
}
export const FILTRES_CONTROLES_VIDES: FiltresControles = {
  dateFrom: '',
  dateTo: '',
  campagneId: '',
  nature: '',
  resultat: '',
  statut: '',
  niveau: '',
  aopIgpId: '',
  operateur: '',
  auditeur: '',
};

/** Filters read from the page's address (`/tdb?onglet=controles&nature=EXTERNE`). */
export function filtresDepuis(params: URLSearchParams): FiltresControles {
  const f = { ...FILTRES_CONTROLES_VIDES };
  for (const cle of clesDe(f)) f[cle] = params.get(cle) ?? '';
  return f;
}
