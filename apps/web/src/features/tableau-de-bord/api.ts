import type {
  GardeConflit,
  ManquementCommentaireRequest,
  ParametrageTdb,
  PrepareTirageRequest,
  TauxRequest,
} from '@estive/contracts';
import { api } from '../../lib/api';
export { ouvrirFichier } from '../../lib/api';

/** The dashboards' calls (`/api/tdb/...`), one function each. */
export const lireManquement = (id: string) =>
  api('GET /api/tdb/manquement/{id}', { params: { id } });
export const commenterManquement = (id: string, corps: ManquementCommentaireRequest) =>
  api('POST /api/tdb/manquement/{id}/commentaire', { params: { id }, corps });
export const lireSuivi = (id: string) => api('GET /api/tdb/suivi/{id}', { params: { id } });
export const lirePression = (campagneId: string | null) =>
  api('GET /api/tdb/pression', { query: campagneId ? { campagneId } : {} });
export const preparerTirage = (corps: PrepareTirageRequest) =>
  api('POST /api/tdb/pression/prepare-tirage', { corps });
export const lireTirage = (id: string) =>
  api('GET /api/tdb/pression/tirage/{id}', { params: { id } });
export const lireTirages = (campagneId: string) =>
  api('GET /api/tdb/pression/tirage', { query: { campagneId } });
export const lirePreselection = (campagneId: string, aopIgpId: string, size = 50) =>
  api('GET /api/tdb/pression/preselection', { query: { campagneId, aopIgpId, size } });
export const definirTaux = (corps: TauxRequest) => api('PUT /api/tdb/pression/taux', { corps });
export const envoyerAuPanier = (personneMoraleIds: string[]) =>
  api('POST /api/tdb/pression/panier', { corps: { personneMoraleIds } });
export const lireConflit = (id: string) => api('GET /api/tdb/conflit/{id}', { params: { id } });
export const resoudreConflit = (id: string, garde: GardeConflit) =>
  api('POST /api/tdb/conflit/{id}/resolution', { params: { id }, corps: { garde } });
export const lireParametrage = () => api('GET /api/tdb/parametrage-tdb');
export const enregistrerParametrage = (p: ParametrageTdb) =>
  api('PUT /api/tdb/parametrage-tdb', { corps: p });
/** 'Nouveau manquement' picks its operator and point with the external deposit's searches. */
export const chercherOperateurs = (aopIgpId: string, texte: string) =>
  api('GET /api/controle/depotExterne/operateurs', { query: { aopIgpId, q: texte } });
export const chercherPoints = (aopIgpId: string, texte: string) =>
  api('GET /api/controle/depotExterne/points', { query: { aopIgpId, q: texte } });
