import { idParamsSchema } from '../annuaire';
import {
  droitCreationSchema,
  droitCreeSchema,
  droitGenreParamsSchema,
  droitParamsSchema,
  importComptesQuerySchema,
  importComptesReponseSchema,
  utilisateurCreationSchema,
  utilisateurCreeSchema,
  utilisateurModificationSchema,
  utilisateurPageSchema,
  utilisateurQuerySchema,
} from '../comptes';
import { rien, type Endpoint, type StatutErreur } from '../endpoint';
import { parametreConnexionSchema } from '../oidc';

const erreurs: readonly StatutErreur[] = [400, 403, 404, 409];

/** Accounts, their rights on the perimeter's ODG, and how office staff sign in. */
export const apiComptes = {
  'GET /api/utilisateur': {
    resume: 'Comptes ayant un droit sur l’ODG du périmètre',
    query: utilisateurQuerySchema,
    reponse: utilisateurPageSchema,
    erreurs: [403],
  },
  'POST /api/utilisateur': {
    resume: 'Crée un compte (mot de passe temporaire, invitation par mail)',
    corps: utilisateurCreationSchema,
    reponse: utilisateurCreeSchema,
    statut: 201,
    erreurs,
  },
  // Multipart: the file part `fichier` (at most 5,000,000 bytes: 413 beyond).
  'POST /api/utilisateur/import': {
    resume:
      'Création en masse depuis un CSV ou un XLSX (partie « fichier ») ; simulation=true : rien n’est écrit',
    query: importComptesQuerySchema,
    multipart: true,
    reponse: importComptesReponseSchema,
    erreurs: [...erreurs, 413],
  },
  'PATCH /api/utilisateur/{id}': {
    resume: 'Modifie un compte (nom, prénom, rôle, ODG)',
    params: idParamsSchema,
    corps: utilisateurModificationSchema,
    reponse: rien,
    erreurs,
  },
  'POST /api/utilisateur/{id}/desactivation': {
    resume: 'Désactive un compte : ses sessions sont révoquées immédiatement',
    params: idParamsSchema,
    reponse: rien,
    erreurs,
  },
  'POST /api/utilisateur/{id}/reactivation': {
    resume: 'Réactive un compte',
    params: idParamsSchema,
    reponse: rien,
    erreurs,
  },
  'POST /api/droits/{genre}': {
    resume:
      'Donne à un compte du bureau (morale) ou de contrôleur (controlleur) un droit sur l’ODG du périmètre',
    params: droitGenreParamsSchema,
    corps: droitCreationSchema,
    reponse: droitCreeSchema,
    statut: 201,
    erreurs,
  },
  'DELETE /api/droits/{genre}/{id}': {
    resume: 'Retire un droit sur l’ODG du périmètre',
    params: droitParamsSchema,
    reponse: rien,
    erreurs,
  },
  // CNAOL: require the identity provider for office roles.
  'GET /api/parametrage/connexion': { reponse: parametreConnexionSchema },
  'PUT /api/parametrage/connexion': {
    corps: parametreConnexionSchema,
    reponse: parametreConnexionSchema,
    erreurs: [409],
  },
} as const satisfies Record<string, Endpoint>;
