import { idParamsSchema } from '../annuaire';
import {
  actionBureauResponseSchema,
  annulationControleRequestSchema,
  changementControleurRequestSchema,
  creationInopineRequestSchema,
  creationInopineResponseSchema,
} from '../controles';
import {
  auditeurSuggestionSchema,
  depotExterneOdgSchema,
  depotExterneRequestSchema,
  depotExterneResponseSchema,
  manquementExistantSuggestionSchema,
  manquementsExistantsQuerySchema,
  operateurSuggestionSchema,
  pointSuggestionSchema,
  rechercheAopQuerySchema,
} from '../depot-externe';
import type { Endpoint } from '../endpoint';
import { z } from 'zod';

/** Controls: the office's actions, unannounced creation, external deposit. */
export const apiControles = {
  'POST /api/controles/{id}/annulation': {
    resume: 'Le bureau annule un contrôle de son périmètre',
    params: idParamsSchema,
    corps: annulationControleRequestSchema,
    reponse: actionBureauResponseSchema,
  },
  'POST /api/controles/{id}/controleur': {
    resume: 'Le bureau confie un contrôle de son périmètre à un autre contrôleur',
    params: idParamsSchema,
    corps: changementControleurRequestSchema,
    reponse: actionBureauResponseSchema,
  },
  'POST /api/controle/inopine': {
    corps: creationInopineRequestSchema,
    reponse: creationInopineResponseSchema,
    statut: 201,
  },
  'GET /api/controle/depotExterne/odg/{id}': {
    resume: 'Ce que le formulaire de dépôt externe présente pour un ODG',
    params: idParamsSchema,
    reponse: depotExterneOdgSchema,
  },
  'POST /api/controle/depotExterne': {
    resume: 'Dépôt de contrôles externes (et de leurs manquements)',
    corps: depotExterneRequestSchema,
    reponse: depotExterneResponseSchema,
    statut: 201,
  },
  'GET /api/controle/depotExterne/operateurs': {
    resume: "Opérateurs habilités pour l'AOP-IGP (autocomplétion)",
    query: rechercheAopQuerySchema,
    reponse: z.array(operateurSuggestionSchema),
  },
  'GET /api/controle/depotExterne/auditeurs': {
    resume: "Auditeurs de l'ODG et de ses organismes certificateurs (autocomplétion)",
    query: rechercheAopQuerySchema,
    reponse: z.array(auditeurSuggestionSchema),
  },
  'GET /api/controle/depotExterne/points': {
    resume: "Points de contrôle de l'AOP-IGP (autocomplétion)",
    query: rechercheAopQuerySchema,
    reponse: z.array(pointSuggestionSchema),
  },
  'GET /api/controle/depotExterne/manquements': {
    resume: "Manquements existants de l'opérateur pour l'AOP-IGP",
    query: manquementsExistantsQuerySchema,
    reponse: z.array(manquementExistantSuggestionSchema),
  },
} as const satisfies Record<string, Endpoint>;
