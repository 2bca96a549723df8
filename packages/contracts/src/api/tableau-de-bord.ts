import { idParamsSchema } from '../annuaire';
import {
  conflitDetailSchema,
  conflitQuerySchema,
  conflitPageSchema,
  conflitResolutionRequestSchema,
} from '../conflits';
import { type Endpoint, reponseXlsx } from '../endpoint';
import {
  panierAjoutSchema,
  prepareTirageRequestSchema,
  preselectionQuerySchema,
  preselectionSchema,
  pressionPanierRequestSchema,
  pressionQuerySchema,
  pressionSchema,
  tauxRequestSchema,
  tiragesQuerySchema,
  tirageResumeSchema,
  tirageSchema,
} from '../pression';
import {
  manquementCommentaireRequestSchema,
  manquementDetailSchema,
  manquementManuelRequestSchema,
  parametrageTdbSchema,
  suiviOperateurSchema,
  tdbControleExportQuerySchema,
  tdbControlePageSchema,
  tdbControleQuerySchema,
  tdbControleStatistiquesQuerySchema,
  tdbControleStatistiquesSchema,
  tdbManquementExportQuerySchema,
  tdbManquementPageSchema,
  tdbManquementQuerySchema,
  tdbManquementStatistiquesQuerySchema,
  tdbManquementStatistiquesSchema,
} from '../tableau-de-bord';
import { z } from 'zod';

/** Dashboards: controls, shortcomings, pressure and draw, conflicts. */
export const apiTableauDeBord = {
  'GET /api/tdb/controle': {
    resume: 'Contrôles du périmètre (internes et externes)',
    query: tdbControleQuerySchema,
    reponse: tdbControlePageSchema,
  },
  'GET /api/tdb/controle/export': {
    resume: 'Export XLSX des contrôles, mêmes filtres',
    query: tdbControleExportQuerySchema,
    reponse: reponseXlsx,
  },
  'GET /api/tdb/manquement': {
    resume: 'Manquements du périmètre',
    query: tdbManquementQuerySchema,
    reponse: tdbManquementPageSchema,
  },
  'GET /api/tdb/manquement/export': {
    resume: 'Export XLSX des manquements, mêmes filtres',
    query: tdbManquementExportQuerySchema,
    reponse: reponseXlsx,
  },
  'GET /api/tdb/controle/statistiques': {
    resume: 'Résultats par mois des contrôles, mêmes filtres',
    query: tdbControleStatistiquesQuerySchema,
    reponse: tdbControleStatistiquesSchema,
  },
  'GET /api/tdb/manquement/statistiques': {
    resume: 'Manquements par catégorie et gravité, mêmes filtres',
    query: tdbManquementStatistiquesQuerySchema,
    reponse: tdbManquementStatistiquesSchema,
  },
  'POST /api/tdb/manquement/manuelle': {
    resume: 'Manquement saisi manuellement par le bureau',
    corps: manquementManuelRequestSchema,
    reponse: manquementDetailSchema,
    statut: 201,
  },
  'GET /api/tdb/manquement/{id}': {
    resume: 'Un manquement : historique, mesures, contrôle d’origine, précédents',
    params: idParamsSchema,
    reponse: manquementDetailSchema,
  },
  'POST /api/tdb/manquement/{id}/commentaire': {
    resume: "Changement d'état et commentaire du bureau (journalisés)",
    params: idParamsSchema,
    corps: manquementCommentaireRequestSchema,
    reponse: manquementDetailSchema,
  },
  'GET /api/tdb/suivi/{id}': {
    resume: "Suivi d'un opérateur : contrôles et manquements dans le temps",
    params: idParamsSchema,
    reponse: suiviOperateurSchema,
  },
  'GET /api/tdb/parametrage-tdb': {
    resume: "Paramétrage des tableaux de bord de l'utilisateur",
    reponse: parametrageTdbSchema,
  },
  'PUT /api/tdb/parametrage-tdb': {
    resume: "Enregistre le paramétrage des tableaux de bord de l'utilisateur",
    corps: parametrageTdbSchema,
    reponse: parametrageTdbSchema,
  },
  'GET /api/tdb/pression': {
    resume: 'Pression de contrôle de la campagne par AOP-IGP et activité',
    query: pressionQuerySchema,
    reponse: pressionSchema,
  },
  'GET /api/tdb/pression/export': {
    resume: 'Export XLSX de la pression de contrôle de la campagne',
    query: pressionQuerySchema,
    reponse: reponseXlsx,
  },
  'PUT /api/tdb/pression/taux': {
    resume: "Taux cible d'opérateurs à contrôler de la campagne (par AOP-IGP et activité)",
    corps: tauxRequestSchema,
    reponse: pressionSchema,
  },
  'GET /api/tdb/pression/tirage': {
    resume: 'Tirages enregistrés de la campagne, chacun vérifié à nouveau',
    query: tiragesQuerySchema,
    reponse: z.array(tirageResumeSchema),
  },
  'GET /api/tdb/pression/preselection': {
    resume: 'Présélection des opérateurs à contrôler',
    query: preselectionQuerySchema,
    reponse: preselectionSchema,
  },
  'POST /api/tdb/pression/prepare-tirage': {
    resume: 'Tirage au sort reproductible (graine et liste enregistrées)',
    corps: prepareTirageRequestSchema,
    reponse: tirageSchema,
    statut: 201,
  },
  'GET /api/tdb/pression/tirage/{id}': {
    resume: 'Un tirage enregistré',
    params: idParamsSchema,
    reponse: tirageSchema,
  },
  'POST /api/tdb/pression/panier': {
    resume: 'Met les opérateurs choisis dans le panier',
    corps: pressionPanierRequestSchema,
    reponse: panierAjoutSchema,
  },
  'GET /api/tdb/conflit': {
    resume: 'Conflits de synchronisation du périmètre',
    query: conflitQuerySchema,
    reponse: conflitPageSchema,
  },
  'GET /api/tdb/conflit/{id}': {
    resume: "Un conflit : la version du bureau et celle de l'appareil",
    params: idParamsSchema,
    reponse: conflitDetailSchema,
  },
  'POST /api/tdb/conflit/{id}/resolution': {
    resume: 'Garde une des deux versions et clôt le conflit (journalisé)',
    params: idParamsSchema,
    corps: conflitResolutionRequestSchema,
    reponse: conflitDetailSchema,
  },
} as const satisfies Record<string, Endpoint>;
