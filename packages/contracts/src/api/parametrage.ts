import { z } from 'zod';
import { idParamsSchema, idReponseSchema } from '../annuaire';
import {
  rien,
  reponseFichier,
  reponsePdf,
  reponseXlsx,
  type Endpoint,
  type StatutErreur,
} from '../endpoint';
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
  categorieParametrageSchema,
  grilleParametrageSchema,
  groupeSysExpEcritureSchema,
  groupeSysExpPatchSchema,
  modifiesReponseSchema,
  ordreSchema,
  pointControleAopEcritureSchema,
  pointControleAopParamsSchema,
  pointControleEcritureSchema,
  pointControlePatchSchema,
  pointSysExpEcritureSchema,
  pointSysExpPatchSchema,
  referentielParametrageSchema,
  referentielPatchSchema,
  systemeParametrageSchema,
} from '../parametrage';
import { lancementTacheSchema, tacheLanceeSchema, tachesSchema } from '../taches';

const refuse: readonly StatutErreur[] = [400, 403];

/** Settings: campaigns, the control grid, the exploitation system, documents, templates, tasks. */
export const apiParametrage = {
  // Campaigns
  'GET /api/campagne': {
    resume: "Campagnes de l'ODG actif (la plus récente d'abord)",
    reponse: z.array(campagneSchema),
  },
  'POST /api/campagne': {
    resume: "Crée une campagne de l'ODG actif ; 'courante' retire ce statut aux autres",
    corps: campagneEcritureSchema,
    reponse: campagneSchema,
  },
  'PATCH /api/campagne/{id}': {
    resume: "Modifie une campagne de l'ODG actif",
    params: idParamsSchema,
    corps: campagnePatchSchema,
    reponse: campagneSchema,
  },

  // The grid: categories and control points (national, CNAOL), thresholds per label (the ODG's)
  'GET /api/categorie': {
    resume: 'Catégories de la grille',
    reponse: z.array(categorieParametrageSchema),
  },
  'POST /api/categorie': {
    resume: 'Crée une catégorie (CNAOL)',
    corps: categorieEcritureSchema,
    reponse: idReponseSchema,
  },
  'PUT /api/categorie/ordre': {
    resume: 'Ordre des catégories (glisser-déposer, CNAOL)',
    corps: ordreSchema,
    reponse: modifiesReponseSchema,
  },
  'PATCH /api/categorie/{id}': {
    resume: 'Renomme une catégorie (CNAOL)',
    params: idParamsSchema,
    corps: categorieEcritureSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/categorie/{id}': {
    resume: 'Supprime une catégorie vide (CNAOL)',
    params: idParamsSchema,
    reponse: rien,
  },
  'GET /api/point-controle': {
    resume:
      "Grille : catégories, points de contrôle et leurs seuils pour les AOP-IGP de l'ODG actif",
    reponse: grilleParametrageSchema,
  },
  'GET /api/point-controle/export': {
    resume: "Export XLSX des points de contrôle et des seuils de l'ODG actif",
    reponse: reponseXlsx,
  },
  'POST /api/point-controle': {
    resume: 'Crée un point de contrôle (CNAOL)',
    corps: pointControleEcritureSchema,
    reponse: idReponseSchema,
  },
  'PUT /api/point-controle/ordre': {
    resume: "Ordre des points d'une catégorie (parentId) (glisser-déposer, CNAOL)",
    corps: ordreSchema,
    reponse: modifiesReponseSchema,
  },
  'PATCH /api/point-controle/{id}': {
    resume: 'Modifie ou archive un point de contrôle (CNAOL)',
    params: idParamsSchema,
    corps: pointControlePatchSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/point-controle/{id}': {
    resume: 'Supprime un point de contrôle jamais utilisé (CNAOL)',
    params: idParamsSchema,
    reponse: rien,
  },
  'PUT /api/point-controle/{id}/aop/{aopIgpId}': {
    resume:
      "Le point appliqué à une AOP-IGP de l'ODG : seuils (grave, majeur, mineur), gravité, cible, ligne du système d'exploitation, actif",
    params: pointControleAopParamsSchema,
    corps: pointControleAopEcritureSchema,
    reponse: idReponseSchema,
  },

  // The exploitation system of the active ODG: groups and lines with their formulas
  'GET /api/point-controle/systeme': {
    resume: "Système d'exploitation de l'ODG actif : groupes et lignes",
    reponse: systemeParametrageSchema,
  },
  'GET /api/point-controle/systeme/export': {
    resume: "Export XLSX du système d'exploitation de l'ODG actif",
    reponse: reponseXlsx,
  },
  'PUT /api/point-controle/systeme/ordre': {
    resume: "Ordre des groupes, ou des lignes d'un groupe (parentId) (glisser-déposer)",
    corps: ordreSchema,
    reponse: modifiesReponseSchema,
  },
  'POST /api/point-controle/systeme/groupe': {
    resume: 'Crée un groupe de saisie',
    corps: groupeSysExpEcritureSchema,
    reponse: idReponseSchema,
  },
  'PATCH /api/point-controle/systeme/groupe/{id}': {
    resume: 'Modifie ou archive un groupe de saisie',
    params: idParamsSchema,
    corps: groupeSysExpPatchSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/point-controle/systeme/groupe/{id}': {
    resume: 'Supprime un groupe sans lignes',
    params: idParamsSchema,
    reponse: rien,
  },
  'POST /api/point-controle/systeme/point': {
    resume:
      "Crée une ligne ; sa formule est vérifiée (syntaxe, codes présents dans le système d'exploitation de chacune de ses AOP-IGP, pas de boucle)",
    corps: pointSysExpEcritureSchema,
    reponse: idReponseSchema,
  },
  'PATCH /api/point-controle/systeme/point/{id}': {
    resume: 'Modifie ou archive une ligne (mêmes vérifications de formule)',
    params: idParamsSchema,
    corps: pointSysExpPatchSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/point-controle/systeme/point/{id}': {
    resume: "Supprime une ligne qu'aucun point ni aucune formule n'utilise",
    params: idParamsSchema,
    reponse: rien,
  },

  // Reference documents
  'GET /api/referentiel': {
    resume:
      "Documents de référence des AOP-IGP de l'ODG actif (cahier des charges, plan d'inspection)",
    reponse: z.array(referentielParametrageSchema),
  },
  // JSON, or multipart: part `data` (referentielEcritureSchema) and the optional file `document`,
  // stored together, so that a refused file leaves no document behind.
  'POST /api/referentiel': {
    resume:
      'Crée un document de référence (version, dates de validité) : JSON, ou multipart data + document (PDF/PNG/JPEG ≤ 5 000 000 octets) enregistrés ensemble',
    multipart: true,
    reponse: referentielParametrageSchema,
  },
  'PATCH /api/referentiel/{id}': {
    resume: 'Modifie un document de référence (actif : proposé au rapport)',
    params: idParamsSchema,
    corps: referentielPatchSchema,
    reponse: referentielParametrageSchema,
  },
  'DELETE /api/referentiel/{id}': {
    resume:
      'Supprime un document de référence et son fichier (les rapports déjà signés le nomment encore)',
    params: idParamsSchema,
    reponse: rien,
  },
  'POST /api/referentiel/{id}/document': {
    resume:
      'Joint ou remplace le fichier (multipart, partie document, PDF/PNG/JPEG ≤ 5 000 000 octets)',
    params: idParamsSchema,
    multipart: true,
    reponse: referentielParametrageSchema,
  },
  'GET /api/referentiel/{id}/document': {
    resume: "Le fichier d'un document de référence",
    params: idParamsSchema,
    reponse: reponseFichier,
  },

  // Document templates, and the category × activity matrix
  'GET /api/modele-document': {
    resume:
      "Modèles de documents de l'ODG actif (avis de passage, planning, courrier de notification)",
    reponse: z.array(modeleDocumentSchema),
    erreurs: [403],
  },
  'PUT /api/modele-document': {
    resume: 'Enregistre le modèle (champs {{…}} vérifiés : 400 sur le champ objet ou corps)',
    corps: modeleEcritureSchema,
    reponse: rien,
    erreurs: refuse,
  },
  'POST /api/modele-document/retablissement': {
    resume: 'Rétablit le modèle par défaut',
    corps: typeModeleSchema,
    reponse: rien,
    erreurs: refuse,
  },
  'POST /api/modele-document/apercu': {
    resume: "Aperçu PDF d'un modèle (enregistré ou non) sur des valeurs d'exemple",
    corps: modeleEcritureSchema,
    reponse: reponsePdf,
  },
  'GET /api/categorie-activite/matrice': {
    resume: "Matrice catégories × activités de l'ODG actif",
    reponse: matriceSchema,
    erreurs: [403],
  },
  'PUT /api/categorie-activite/matrice': {
    resume: "Remplace la matrice de l'ODG actif (liens catégorie – activité)",
    corps: matriceEcritureSchema,
    reponse: matriceSchema,
    erreurs: refuse,
  },

  // Scheduled tasks
  'GET /api/tache': {
    resume: 'Tâches planifiées, leur dernière exécution et leur historique',
    reponse: tachesSchema,
    erreurs: [403],
  },
  'POST /api/tache/execution': {
    resume: 'Lance une tâche maintenant (la réponse n’attend pas sa fin)',
    corps: lancementTacheSchema,
    reponse: tacheLanceeSchema,
    statut: 202,
    erreurs: [403, 409],
  },
} as const satisfies Record<string, Endpoint>;
