import type { Dexie } from 'dexie';
import type { PushControlesResponse, ResultatSynchro } from '@estive/contracts';
import { lireMeta } from './meta';
import type { EnregistrementLocal, SyncHttp } from './types';

import { CLE_OPERATEURS_MODIFIES } from './constantes';

export { CLE_OPERATEURS_MODIFIES };

export type ResultatEnvoi = ResultatSynchro;

type Appeler = <T>(fn: () => Promise<T>) => Promise<T>;

interface FichierLocal {
  id: string;
  controleId: string;
  aopIgpId: string;
  typeDocument: string;
  fileName: string;
  sha256: string;
  blob: Blob;
  sync: boolean;
}

/** Device logs not yet sent; kept until the server has them. */
export async function envoyerJournaux(
  db: Dexie,
  http: SyncHttp,
  appeler: Appeler,
): Promise<number> {
  const journaux = await db
    .table<EnregistrementLocal>('frontlogs')
    .filter((l) => l.sync === false)
    .toArray();
  if (journaux.length === 0) return 0;
  await appeler(() =>
    http.postJson('/api/synchro/frontlogs', { logs: journaux.map(({ sync: _s, ...l }) => l) }),
  );
  await db.table('frontlogs').bulkPut(journaux.map((l) => ({ ...l, sync: true })));
  return journaux.length;
}

/** Operator contact details edited during controls (their ids are listed in meta, see modifications.ts). */
export async function envoyerOperateurs(
  db: Dexie,
  http: SyncHttp,
  appeler: Appeler,
): Promise<number> {
  const modifies = (await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? [];
  const ids = modifies;
  if (ids.length === 0) return 0;
  const operateurs = (await db.table<EnregistrementLocal, string>('annuaire').bulkGet(ids)).filter(
    (o): o is EnregistrementLocal => o?.sync === false,
  );
  if (operateurs.length > 0) {
    await appeler(() =>
      http.postJson('/api/synchro/morale', {
        morales: operateurs.map((o) => ({
          id: o.id,
          telephone1: o.telephone1 ?? null,
          telephone2: o.telephone2 ?? null,
          mail: o.mail ?? null,
          siteWeb: o.siteWeb ?? null,
        })),
      }),
    );
  }
  await db.transaction('rw', db.table('annuaire'), db.table('meta'), async () => {
    await db.table('annuaire').bulkPut(operateurs.map((o) => ({ ...o, sync: true })));
    await db.table('meta').delete(CLE_OPERATEURS_MODIFIES);
  });
  return operateurs.length;
}

/**
 * Controls with local work, new and edited, with their documents (reports, signatures). The
 * server keeps the raw request before applying it and answers a result per control.
 */
export async function envoyerControles(db: Dexie, http: SyncHttp, appeler: Appeler) {
  const controles = await db
    .table<EnregistrementLocal, string>('controles')
    .filter((c) => c.sync === false)
    .toArray();
  if (controles.length === 0) return { resultats: [] as ResultatEnvoi[], envoyes: 0 };
  const ids = new Set(controles.map((c) => c.id));
  const fichiers = await db
    .table<FichierLocal, string>('fichiers')
    .filter((f) => f.sync === false && ids.has(f.controleId))
    .toArray();

  const sansFlags = ({ sync: _s, toCreate: _t, ...c }: EnregistrementLocal) => c;
  const data = {
    newControles: controles
      .filter((c) => c.toCreate === true)
      .map((c) => ({ ...sansFlags(c), localId: c.id })),
    controles: controles
      .filter((c) => c.toCreate !== true)
      .map((c) => ({ ...sansFlags(c), localId: c.id, baseVersion: c.version })),
    documents: fichiers.map((f) => ({
      nom: f.id,
      controleId: f.controleId,
      aopIgpId: f.aopIgpId,
      typeDocument: f.typeDocument,
      fileName: f.fileName,
      sha256: f.sha256,
    })),
  };
  const reponse = await appeler(() => {
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    for (const f of fichiers) form.append('documents', f.blob, f.id);
    return http.postForm<PushControlesResponse>('/api/synchro/controle', form);
  });
  await appliquerResultats(db, controles, fichiers, reponse);
  return { resultats: reponse.resultats, envoyes: controles.length };
}

/** The server has a control: it takes its server id locally at once, so nothing seems to vanish. */
async function appliquerResultats(
  db: Dexie,
  controles: EnregistrementLocal[],
  fichiers: FichierLocal[],
  reponse: PushControlesResponse,
) {
  const parId = new Map(controles.map((c) => [c.id, c]));
  // A file the server refused (e.g. a damaged upload) stays unsynced, to be sent again.
  const recus = new Set(reponse.documents.filter((d) => d.statut !== 'REJETE').map((d) => d.nom));
  await db.transaction('rw', db.table('controles'), db.table('fichiers'), async () => {
    for (const r of reponse.resultats) {
      const local = parId.get(r.localId);
      if (!local || r.statut === 'REJETE' || r.id === null) continue;
      if (r.id !== r.localId) await db.table('controles').delete(r.localId);
      await db.table('controles').put({
        ...local,
        id: r.id,
        version: r.version,
        sync: true,
        toCreate: false,
        conflit: r.statut === 'CONFLIT',
        rejet: null,
      });
      const envoyes = fichiers.filter((f) => f.controleId === r.localId);
      await db
        .table('fichiers')
        .bulkPut(envoyes.map((f) => ({ ...f, controleId: r.id, sync: recus.has(f.id) })));
    }
    // A rejected control keeps its local work: never drop it, whatever the server lists.
    const rejetes = new Set(
      reponse.resultats.filter((r) => r.statut === 'REJETE').map((r) => r.localId),
    );
    await db.table('controles').bulkDelete(reponse.toRemove.filter((id) => !rejetes.has(id)));
    // The card says why (a finalised control, one no longer his): the entry stays unsynced.
    for (const r of reponse.resultats)
      if (r.statut === 'REJETE' && parId.has(r.localId))
        await db
          .table('controles')
          .update(r.localId, { rejet: r.message ?? 'Contrôle refusé par le serveur' });
  });
}
