import type {
  ImportComptesReponse,
  UtilisateurCreation,
  UtilisateurLigne,
  UtilisateurModification,
} from '@estive/contracts';
import { appeler, getJson, postJson } from '../../../lib/api';

export interface PageComptes {
  content: UtilisateurLigne[];
  totalElements: number;
}

export const lireComptes = (recherche: string, page: number, size: number) =>
  getJson<PageComptes>(
    `/api/utilisateur?${new URLSearchParams({ page: String(page), size: String(size), ...(recherche ? { recherche } : {}) }).toString()}`,
  );

export const creerCompte = (v: UtilisateurCreation) =>
  postJson<{ id: string; invitation: string }>('/api/utilisateur', v);

export const definirActif = (id: string, actif: boolean) =>
  appeler(`/api/utilisateur/${id}/${actif ? 'reactivation' : 'desactivation'}`, { method: 'POST' });

/** Mass creation: the file in the multipart part `fichier`; a dry run writes nothing. */
export async function importerComptes(fichier: File, simulation: boolean) {
  const corps = new FormData();
  corps.append('fichier', fichier);
  const reponse = await appeler(`/api/utilisateur/import?simulation=${String(simulation)}`, {
    method: 'POST',
    body: corps,
    timeoutMs: 120_000,
  });
  return (await reponse.json()) as ImportComptesReponse;
}

export const modifierCompte = (id: string, v: UtilisateurModification) =>
  appeler(`/api/utilisateur/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(v),
  });
