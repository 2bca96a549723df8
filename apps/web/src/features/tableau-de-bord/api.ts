import type {
  ConflitDetail,
  GardeConflit,
  ManquementCommentaireRequest,
  ManquementDetail,
  ParametrageTdb,
  Pression,
  PrepareTirageRequest,
  SuiviOperateur,
  TauxRequest,
  Tirage,
  TirageResume,
} from '@estive/contracts';
import { appeler, getJson, postJson } from '../../lib/api';

/** The dashboards' calls (`/api/tdb/...`), one function each. */
export const lireManquement = (id: string) =>
  getJson<ManquementDetail>(`/api/tdb/manquement/${id}`);
export const commenterManquement = (id: string, corps: ManquementCommentaireRequest) =>
  postJson<ManquementDetail>(`/api/tdb/manquement/${id}/commentaire`, corps);
export const lireSuivi = (id: string) => getJson<SuiviOperateur>(`/api/tdb/suivi/${id}`);
export const lirePression = (campagneId: string | null) =>
  getJson<Pression>(`/api/tdb/pression${campagneId ? `?campagneId=${campagneId}` : ''}`);
export const preparerTirage = (corps: PrepareTirageRequest) =>
  postJson<Tirage>('/api/tdb/pression/prepare-tirage', corps);
export const lireTirage = (id: string) => getJson<Tirage>(`/api/tdb/pression/tirage/${id}`);
export const lireTirages = (campagneId: string) =>
  getJson<TirageResume[]>(`/api/tdb/pression/tirage?campagneId=${campagneId}`);
export const lirePreselection = (campagneId: string, aopIgpId: string, size = 50) =>
  getJson<{ totalCandidats: number; content: Tirage['tires'] }>(
    `/api/tdb/pression/preselection?campagneId=${campagneId}&aopIgpId=${aopIgpId}&size=${String(size)}`,
  );
export async function definirTaux(corps: TauxRequest): Promise<Pression> {
  const reponse = await appeler('/api/tdb/pression/taux', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(corps),
  });
  return (await reponse.json()) as Pression;
}
export const envoyerAuPanier = (personneMoraleIds: string[]) =>
  postJson<{ ajoutes: number }>('/api/tdb/pression/panier', { personneMoraleIds });
export const lireConflit = (id: string) => getJson<ConflitDetail>(`/api/tdb/conflit/${id}`);
export const resoudreConflit = (id: string, garde: GardeConflit) =>
  postJson<ConflitDetail>(`/api/tdb/conflit/${id}/resolution`, { garde });
export const lireParametrage = () => getJson<ParametrageTdb>('/api/tdb/parametrage-tdb');
export async function enregistrerParametrage(p: ParametrageTdb): Promise<ParametrageTdb> {
  const reponse = await appeler('/api/tdb/parametrage-tdb', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(p),
  });
  return (await reponse.json()) as ParametrageTdb;
}

/** Downloads a file the API serves (export, report) under the name the server gives. */
export async function telecharger(chemin: string, nomParDefaut: string): Promise<void> {
  const reponse = await appeler(chemin);
  const blob = await reponse.blob();
  const nom =
    /filename="([^"]+)"/.exec(reponse.headers.get('content-disposition') ?? '')?.[1] ??
    nomParDefaut;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nom;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a PDF of the API (report) in a new tab: the call needs the bearer, a link cannot. */
export async function ouvrirFichier(id: string): Promise<void> {
  const reponse = await appeler(`/api/fichier/${id}`);
  const url = URL.createObjectURL(await reponse.blob());
  window.open(url, '_blank', 'noopener');
}
