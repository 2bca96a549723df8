import type {
  AuditeurSuggestion,
  DepotExterneOdg,
  DepotExterneRequest,
  DepotExterneResponse,
  ManquementExistantSuggestion,
  OperateurSuggestion,
  PointSuggestion,
} from '@estive/contracts';
import { getJson, postJson } from '../../../lib/api';

const q = (p: Record<string, string>) => new URLSearchParams(p).toString();

/** The external deposit's calls (spec part 2 §7 'Control-related'). */
export const lireOdg = (droitId: string) =>
  getJson<DepotExterneOdg>(`/api/controle/depotExterne/odg/${droitId}`);
export const chercherOperateurs = (aopIgpId: string, texte: string) =>
  getJson<OperateurSuggestion[]>(
    `/api/controle/depotExterne/operateurs?${q({ aopIgpId, q: texte })}`,
  );
export const chercherAuditeurs = (aopIgpId: string, texte: string) =>
  getJson<AuditeurSuggestion[]>(
    `/api/controle/depotExterne/auditeurs?${q({ aopIgpId, q: texte })}`,
  );
export const chercherPoints = (aopIgpId: string, texte: string) =>
  getJson<PointSuggestion[]>(`/api/controle/depotExterne/points?${q({ aopIgpId, q: texte })}`);
export const manquementsExistants = (aopIgpId: string, personneMoraleId: string) =>
  getJson<ManquementExistantSuggestion[]>(
    `/api/controle/depotExterne/manquements?${q({ aopIgpId, personneMoraleId, q: '' })}`,
  );
export const deposer = (corps: DepotExterneRequest) =>
  postJson<DepotExterneResponse>('/api/controle/depotExterne', corps);
