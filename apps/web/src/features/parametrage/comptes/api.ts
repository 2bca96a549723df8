import type { GenreDroit, UtilisateurCreation, UtilisateurModification } from '@estive/contracts';
import { api } from '../../../lib/api';

export const lireComptes = (recherche: string, page: number, size: number) =>
  api('GET /api/utilisateur', { query: { page, size, ...(recherche ? { recherche } : {}) } });

export const creerCompte = (v: UtilisateurCreation) => api('POST /api/utilisateur', { corps: v });

export const definirActif = (id: string, actif: boolean) =>
  actif
    ? api('POST /api/utilisateur/{id}/reactivation', { params: { id } })
    : api('POST /api/utilisateur/{id}/desactivation', { params: { id } });

/** Mass creation: the file in the multipart part `fichier`; a dry run writes nothing. */
export function importerComptes(fichier: File, simulation: boolean) {
  const corps = new FormData();
  corps.append('fichier', fichier);
  return api('POST /api/utilisateur/import', {
    query: { simulation },
    corps,
    timeoutMs: 120_000,
  });
}

export const modifierCompte = (id: string, v: UtilisateurModification) =>
  api('PATCH /api/utilisateur/{id}', { params: { id }, corps: v });

/** `/api/droits/morale` for office accounts, `/controlleur` (the spec's spelling) for controllers. */
export const genreDroit = (role: string): GenreDroit =>
  role === 'ROLE_CONTROLEUR' ? 'controlleur' : 'morale';

/** Gives the account a right on the ODG of the right `droitId` (the caller's own, or any for CNAOL). */
export const donnerDroit = (genre: GenreDroit, utilisateurId: string, droitId: string) =>
  api('POST /api/droits/{genre}', {
    params: { genre },
    corps: { utilisateurId },
    headers: { 'X-Droit-Actif': droitId },
  });

/** Removes a right of the account on the active perimeter's ODG. */
export const retirerDroit = (genre: GenreDroit, droitId: string) =>
  api('DELETE /api/droits/{genre}/{id}', { params: { genre, id: droitId } });
