import { z } from 'zod';
import { idReponseSchema } from '../annuaire';
import {
  droitCreationSchema,
  droitCreeSchema,
  importComptesReponseSchema,
  utilisateurCreationSchema,
  utilisateurCreeSchema,
  utilisateurModificationSchema,
  utilisateurPageSchema,
} from '../comptes';
import { rien, type Endpoint } from '../endpoint';
import {
  matriceEcritureSchema,
  matriceSchema,
  modeleDocumentSchema,
  modeleEcritureSchema,
  typeModeleSchema,
} from '../modeles';
import {
  campagneEcritureSchema,
  campagnePatchSchema,
  campagneSchema,
  categorieEcritureSchema,
  grilleParametrageSchema,
  groupeSysExpEcritureSchema,
  modifiesReponseSchema,
  ordreSchema,
  pointControleAopEcritureSchema,
  pointControleEcritureSchema,
  pointControlePatchSchema,
  pointSysExpEcritureSchema,
  pointSysExpPatchSchema,
  referentielParametrageSchema,
  referentielPatchSchema,
  systemeParametrageSchema,
} from '../parametrage';
import { lancementTacheSchema, tacheLanceeSchema, tachesSchema } from '../taches';

/** The settings' and accounts' calls of the endpoint map (endpoints.ts). */
export const apiParametrage = {
  // Settings
  'GET /api/campagne': { reponse: z.array(campagneSchema) },
  'POST /api/campagne': { reponse: campagneSchema, corps: campagneEcritureSchema },
  'PATCH /api/campagne/{id}': { reponse: campagneSchema, corps: campagnePatchSchema },
  'GET /api/point-controle': { reponse: grilleParametrageSchema },
  'POST /api/point-controle': { reponse: idReponseSchema, corps: pointControleEcritureSchema },
  'PATCH /api/point-controle/{id}': { reponse: idReponseSchema, corps: pointControlePatchSchema },
  'PUT /api/point-controle/ordre': { reponse: modifiesReponseSchema, corps: ordreSchema },
  'PUT /api/point-controle/{id}/aop/{aopIgpId}': {
    reponse: idReponseSchema,
    corps: pointControleAopEcritureSchema,
  },
  'POST /api/categorie': { reponse: idReponseSchema, corps: categorieEcritureSchema },
  'GET /api/point-controle/systeme': { reponse: systemeParametrageSchema },
  'PUT /api/point-controle/systeme/ordre': { reponse: modifiesReponseSchema, corps: ordreSchema },
  'POST /api/point-controle/systeme/groupe': {
    reponse: idReponseSchema,
    corps: groupeSysExpEcritureSchema,
  },
  'POST /api/point-controle/systeme/point': {
    reponse: idReponseSchema,
    corps: pointSysExpEcritureSchema,
  },
  'PATCH /api/point-controle/systeme/point/{id}': {
    reponse: idReponseSchema,
    corps: pointSysExpPatchSchema,
  },
  'DELETE /api/point-controle/systeme/point/{id}': { reponse: rien },
  'GET /api/referentiel': { reponse: z.array(referentielParametrageSchema) },
  // Multipart: part `data` (referentielEcritureSchema) and the optional file `document`, stored
  // together, so that a refused file leaves no document behind (the route also takes JSON).
  'POST /api/referentiel': { reponse: referentielParametrageSchema, multipart: true },
  'PATCH /api/referentiel/{id}': {
    reponse: referentielParametrageSchema,
    corps: referentielPatchSchema,
  },
  'POST /api/referentiel/{id}/document': { reponse: referentielParametrageSchema, multipart: true },
  'GET /api/modele-document': { reponse: z.array(modeleDocumentSchema) },
  'PUT /api/modele-document': { reponse: rien, corps: modeleEcritureSchema },
  'POST /api/modele-document/retablissement': { reponse: rien, corps: typeModeleSchema },
  'GET /api/categorie-activite/matrice': { reponse: matriceSchema },
  'PUT /api/categorie-activite/matrice': { reponse: matriceSchema, corps: matriceEcritureSchema },
  'GET /api/tache': { reponse: tachesSchema },
  'POST /api/tache/execution': { reponse: tacheLanceeSchema, corps: lancementTacheSchema },

  // Accounts
  'GET /api/utilisateur': { reponse: utilisateurPageSchema },
  'POST /api/utilisateur': { reponse: utilisateurCreeSchema, corps: utilisateurCreationSchema },
  'PATCH /api/utilisateur/{id}': { reponse: rien, corps: utilisateurModificationSchema },
  'POST /api/utilisateur/{id}/reactivation': { reponse: rien },
  'POST /api/utilisateur/{id}/desactivation': { reponse: rien },
  'POST /api/utilisateur/import': { reponse: importComptesReponseSchema, multipart: true },
  'POST /api/droits/{genre}': { reponse: droitCreeSchema, corps: droitCreationSchema },
  'DELETE /api/droits/{genre}/{id}': { reponse: rien },
} as const satisfies Record<string, Endpoint>;
