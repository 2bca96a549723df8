import type {
  Campagne,
  CampagneEcriture,
  CampagnePatch,
  GrilleParametrage,
  Matrice,
  ModeleDocument,
  ModeleEcriture,
  Ordre,
  PointControleAopEcriture,
  PointSysExpEcriture,
  PointSysExpPatch,
  ReferentielEcriture,
  ReferentielParametrage,
  ReferentielPatch,
  SystemeParametrage,
} from '@estive/contracts';
import type { SourcePoint, TypeModele } from '@estive/domain';
import { appeler, getJson, postForm } from '../../lib/api';

/** JSON write calls of the settings (POST, PATCH, PUT, DELETE); 204 answers undefined. */
async function ecrire<T>(
  methode: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  chemin: string,
  corps?: unknown,
) {
  const reponse = await appeler(chemin, {
    method: methode,
    ...(corps === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(corps) }),
  });
  return reponse.status === 204 ? (undefined as T) : ((await reponse.json()) as T);
}
type Id = { id: string };

export const lireCampagnes = () => getJson<Campagne[]>('/api/campagne');
export const creerCampagne = (v: CampagneEcriture) => ecrire<Campagne>('POST', '/api/campagne', v);
export const modifierCampagne = (id: string, v: CampagnePatch) =>
  ecrire<Campagne>('PATCH', `/api/campagne/${id}`, v);

export const lireGrille = () => getJson<GrilleParametrage>('/api/point-controle');
export const ecrireSeuils = (pointId: string, aopIgpId: string, v: PointControleAopEcriture) =>
  ecrire<Id>('PUT', `/api/point-controle/${pointId}/aop/${aopIgpId}`, v);

export const lireSysteme = () => getJson<SystemeParametrage>('/api/point-controle/systeme');
export const creerGroupe = (v: { libelle: string; aopIgpIds: string[] }) =>
  ecrire<Id>('POST', '/api/point-controle/systeme/groupe', v);
export const creerLigne = (v: PointSysExpEcriture) =>
  ecrire<Id>('POST', '/api/point-controle/systeme/point', v);
export const modifierLigne = (id: string, v: PointSysExpPatch) =>
  ecrire<Id>('PATCH', `/api/point-controle/systeme/point/${id}`, v);
export const supprimerLigne = (id: string) =>
  ecrire<undefined>('DELETE', `/api/point-controle/systeme/point/${id}`);
export const ordonnerSysteme = (v: Ordre) =>
  ecrire<{ modifies: number }>('PUT', '/api/point-controle/systeme/ordre', v);
export const ordonnerPoints = (v: Ordre) =>
  ecrire<{ modifies: number }>('PUT', '/api/point-controle/ordre', v);

export const CHEMIN_EXPORT_SYSTEME = '/api/point-controle/systeme/export';
export const CHEMIN_EXPORT_POINTS = '/api/point-controle/export';

/** Downloads an export as the server names it. */
export async function telecharger(chemin: string) {
  const reponse = await appeler(chemin);
  const nom =
    /filename="([^"]+)"/.exec(reponse.headers.get('content-disposition') ?? '')?.[1] ??
    'export.xlsx';
  const url = URL.createObjectURL(await reponse.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nom;
  a.click();
  URL.revokeObjectURL(url);
}

export const creerCategorie = (libelle: string) =>
  ecrire<Id>('POST', '/api/categorie', { libelle });
export const creerPoint = (v: {
  code: string;
  libelle: string;
  reference: string | null;
  source: SourcePoint;
  categorieId: string;
}) => ecrire<Id>('POST', '/api/point-controle', v);
export const modifierPoint = (id: string, v: { archive?: boolean }) =>
  ecrire<Id>('PATCH', `/api/point-controle/${id}`, v);

export const lireReferentiels = () => getJson<ReferentielParametrage[]>('/api/referentiel');
export const creerReferentiel = (v: ReferentielEcriture) =>
  ecrire<ReferentielParametrage>('POST', '/api/referentiel', v);
export const modifierReferentiel = (id: string, v: ReferentielPatch) =>
  ecrire<ReferentielParametrage>('PATCH', `/api/referentiel/${id}`, v);
export async function joindreReferentiel(id: string, fichier: File) {
  const form = new FormData();
  form.append('document', fichier);
  return postForm<ReferentielParametrage>(`/api/referentiel/${id}/document`, form);
}

/** Document templates of the active ODG (issue 16 §3). */
export const lireModeles = () => getJson<ModeleDocument[]>('/api/modele-document');
export const enregistrerModele = (v: ModeleEcriture) =>
  ecrire<undefined>('PUT', '/api/modele-document', v);
export const retablirModele = (type: TypeModele) =>
  ecrire<undefined>('POST', '/api/modele-document/retablissement', { type });
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
export const lireMatrice = () => getJson<Matrice>('/api/categorie-activite/matrice');
export const ecrireMatrice = (liens: Matrice['liens']) =>
  ecrire<Matrice>('PUT', '/api/categorie-activite/matrice', { liens });
