import type { CreationInopineRequest, CreationInopineResponse } from '@estive/contracts';
import { instantParis, NIVEAU_INOPINE } from '@estive/domain';
import { api } from '../../../lib/api';
import type { ValeursInopine } from './schema';

/**
 * `POST /api/controle/inopine` with the clientUuids the local copies will carry: the server
 * checks the draft at once (field errors on the form), and the next sync recognises the local
 * copies as the same controls (DOUBLON) and gives them their server ids.
 */
export const creerInopineServeur = (
  valeurs: ValeursInopine,
  personneMoraleId: string,
  clientUuids: readonly string[],
): Promise<CreationInopineResponse> => {
  const corps: CreationInopineRequest = {
    personneMoraleId,
    date: instantParis(valeurs.date, valeurs.heure),
    controles: valeurs.appellations.map((a, i) => ({
      aopIgpId: a.aopIgpId,
      siteIds: a.siteIds,
      niveau: NIVEAU_INOPINE,
      activiteAopIgpIds: a.activiteAopIgpIds,
      fichierIds: a.fichierIds,
      clientUuid: clientUuids[i],
    })),
  };
  return api('POST /api/controle/inopine', { corps });
};
