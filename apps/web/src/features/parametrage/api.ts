import type {
  CampagneEcriture,
  CampagnePatch,
  Matrice,
  ModeleEcriture,
  Ordre,
  PointControleAopEcriture,
  PointSysExpEcriture,
  PointSysExpPatch,
  ReferentielEcriture,
  ReferentielPatch,
} from '@estive/contracts';
import type { SourcePoint, TypeModele } from '@estive/domain';
import { api, appeler } from '../../lib/api';
export { telecharger } from '../../lib/api';

export const lireCampagnes = () => api('GET /api/campagne');
export const creerCampagne = (v: CampagneEcriture) => api('POST /api/campagne', { corps: v });
export const modifierCampagne = (id: string, v: CampagnePatch) =>
  api('PATCH /api/campagne/{id}', { params: { id }, corps: v });

export const lireGrille = () => api('GET /api/point-controle');
export const ecrireSeuils = (pointId: string, aopIgpId: string, v: PointControleAopEcriture) =>
  api('PUT /api/point-controle/{id}/aop/{aopIgpId}', {
    params: { id: pointId, aopIgpId },
    corps: v,
  });

export const lireSysteme = () => api('GET /api/point-controle/systeme');
export const creerGroupe = (v: { libelle: string; aopIgpIds: string[] }) =>
  api('POST /api/point-controle/systeme/groupe', { corps: v });
export const creerLigne = (v: PointSysExpEcriture) =>
  api('POST /api/point-controle/systeme/point', { corps: v });
export const modifierLigne = (id: string, v: PointSysExpPatch) =>
  api('PATCH /api/point-controle/systeme/point/{id}', { params: { id }, corps: v });
export const supprimerLigne = (id: string) =>
  api('DELETE /api/point-controle/systeme/point/{id}', { params: { id } });
export const ordonnerSysteme = (v: Ordre) =>
  api('PUT /api/point-controle/systeme/ordre', { corps: v });
export const ordonnerPoints = (v: Ordre) => api('PUT /api/point-controle/ordre', { corps: v });

export const CHEMIN_EXPORT_SYSTEME = '/api/point-controle/systeme/export';
export const CHEMIN_EXPORT_POINTS = '/api/point-controle/export';

export const creerCategorie = (libelle: string) =>
  api('POST /api/categorie', { corps: { libelle } });
export const creerPoint = (v: {
  code: string;
  libelle: string;
  reference: string | null;
  source: SourcePoint;
  categorieId: string;
}) => api('POST /api/point-controle', { corps: v });
export const modifierPoint = (id: string, v: { archive?: boolean }) =>
  api('PATCH /api/point-controle/{id}', { params: { id }, corps: v });

export const lireReferentiels = () => api('GET /api/referentiel');
/** The document and its file in one request: a refused file leaves no document behind. */
export function creerReferentiel(v: ReferentielEcriture, fichier: File | null) {
  const corps = new FormData();
  corps.append('data', JSON.stringify(v));
  if (fichier) corps.append('document', fichier);
  return api('POST /api/referentiel', { corps });
}
export const modifierReferentiel = (id: string, v: ReferentielPatch) =>
  api('PATCH /api/referentiel/{id}', { params: { id }, corps: v });
/** Joins the file, or replaces the one the document had (the server removes the old one). */
export function joindreReferentiel(id: string, fichier: File) {
  const corps = new FormData();
  corps.append('document', fichier);
  return api('POST /api/referentiel/{id}/document', { params: { id }, corps });
}
export const supprimerReferentiel = (id: string) =>
  api('DELETE /api/referentiel/{id}', { params: { id } });

/** Document templates of the active ODG (issue 16 §3). */
export const lireModeles = () => api('GET /api/modele-document');
export const enregistrerModele = (v: ModeleEcriture) =>
  api('PUT /api/modele-document', { corps: v });
export const retablirModele = (type: TypeModele) =>
  api('POST /api/modele-document/retablissement', { corps: { type } });
/** The PDF of a draft on sample figures. */
export async function apercuModele(v: ModeleEcriture): Promise<Blob> {
  const reponse = await appeler('/api/modele-document/apercu', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(v),
    timeoutMs: 60_000,
  });
  return reponse.blob();
}

/** The active ODG's category × activity matrix. */
export const lireMatrice = () => api('GET /api/categorie-activite/matrice');
export const ecrireMatrice = (liens: Matrice['liens']) =>
  api('PUT /api/categorie-activite/matrice', { corps: { liens } });
