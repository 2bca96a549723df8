import type { DepotExterneRequest } from '@estive/contracts';
import { api } from '../../../lib/api';

/** The external deposit's calls (spec part 2 §7 'Control-related'). */
export const lireOdg = (droitId: string) =>
  api('GET /api/controle/depotExterne/odg/{id}', { params: { id: droitId } });
export const chercherOperateurs = (aopIgpId: string, texte: string) =>
  api('GET /api/controle/depotExterne/operateurs', { query: { aopIgpId, q: texte } });
export const chercherAuditeurs = (aopIgpId: string, texte: string) =>
  api('GET /api/controle/depotExterne/auditeurs', { query: { aopIgpId, q: texte } });
export const chercherPoints = (aopIgpId: string, texte: string) =>
  api('GET /api/controle/depotExterne/points', { query: { aopIgpId, q: texte } });
export const manquementsExistants = (aopIgpId: string, personneMoraleId: string) =>
  api('GET /api/controle/depotExterne/manquements', {
    query: { aopIgpId, personneMoraleId, q: '' },
  });
export const deposer = (corps: DepotExterneRequest) =>
  api('POST /api/controle/depotExterne', { corps });
