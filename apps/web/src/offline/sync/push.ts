import type { Dexie } from 'dexie';
import { apiDe } from '../../lib/api';
import {
  decouperEnLots,
  LIMITES_PUSH,
  type PushControlesResponse,
  type ResultatSynchro,
} from '@estive/contracts';
import { lireMeta } from './meta';
import { idsNonSynchronises } from './nonSynchronises';
import type { EnregistrementLocal, SyncHttp } from './types';
import type { FichierLocal } from '../db';

/** A report or signature the device made for a control (operator files have no control). */
type FichierDeControle = FichierLocal & { controleId: string };

import { CLE_OPERATEURS_MODIFIES } from './constantes';

export { CLE_OPERATEURS_MODIFIES };

export type ResultatEnvoi = ResultatSynchro;

type Appeler = <T>(fn: () => Promise<T>) => Promise<T>;

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
    apiDe(http)('POST /api/synchro/frontlogs', {
      corps: { logs: journaux.map(({ sync: _s, ...l }) => l) },
    }),
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
      apiDe(http)('POST /api/synchro/morale', {
        corps: {
          morales: operateurs.map((o) => ({
            id: o.id,
            telephone1: o.telephone1 ?? null,
            telephone2: o.telephone2 ?? null,
            mail: o.mail ?? null,
            siteWeb: o.siteWeb ?? null,
          })),
        },
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
 * server keeps the raw request before applying it and answers a result per control. A backlog
 * goes in several requests under the server's limits (`LIMITES_PUSH`: files and bytes), each
 * applied as soon as its answer comes, so that a run cut short keeps what already went. A control
 * with files goes in a request of its own: a day's reports are acknowledged one control at a time,
 * and a lost link resends the control under way, not the day.
 */
export async function envoyerControles(db: Dexie, http: SyncHttp, appeler: Appeler) {
  // The unsynced ids kept in meta (nonSynchronises.ts): with nothing to send, one key-range read
  // and no grid is read; otherwise only those controls and their files are.
  const aEnvoyer = await idsNonSynchronises(db);
  const aucun: ResultatEnvoi[] = [];
  if (aEnvoyer.length === 0) return { resultats: aucun, envoyes: 0 };
  const controles = (
    await db.table<EnregistrementLocal, string>('controles').bulkGet(aEnvoyer)
  ).filter((c): c is EnregistrementLocal => c?.sync === false);
  if (controles.length === 0) return { resultats: aucun, envoyes: 0 };
  const fichiers = (
    await db
      .table<FichierLocal, string>('fichiers')
      .where('controleId')
      .anyOf(controles.map((c) => c.id))
      .filter((f) => !f.sync)
      .toArray()
  ).filter((f): f is FichierDeControle => f.controleId !== null);

  const parControle = new Map<string, FichierDeControle[]>();
  for (const f of fichiers)
    parControle.set(f.controleId, [...(parControle.get(f.controleId) ?? []), f]);
  const lots = decouperEnLots(
    controles.map((c) => ({
      id: c.id,
      octetsData: octetsJson(entree(c)),
      fichiers: (parControle.get(c.id) ?? []).map((f) => ({
        id: f.id,
        octets: f.blob.size,
        octetsDescripteur: octetsJson(descripteur(f)),
      })),
    })),
    LIMITES_PUSH,
    // One control with its files per request: a link lost mid-push resends only that control.
    { unControleAvecFichiersParLot: true },
  );
  const dernierLot = new Map<string, number>();
  lots.forEach((lot, i) => lot.controles.forEach((id) => dernierLot.set(id, i)));
  const controleParId = new Map(controles.map((c) => [c.id, c]));
  const fichierParId = new Map(fichiers.map((f) => [f.id, f]));

  const resultats: ResultatEnvoi[] = [];
  for (const [i, lot] of lots.entries()) {
    const cs = lot.controles.flatMap((id) => controleParId.get(id) ?? []);
    const fs = lot.fichiers.flatMap((id) => fichierParId.get(id) ?? []);
    const data = {
      newControles: cs.filter((c) => c.toCreate === true).map(entree),
      controles: cs.filter((c) => c.toCreate !== true).map(entree),
      documents: fs.map(descripteur),
    };
    const reponse = await appeler(() => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      for (const f of fs) form.append('documents', f.blob, f.id);
      return apiDe(http)('POST /api/synchro/controle', { corps: form });
    });
    // A control whose files go on in a later request stays as it is until its last one.
    const enCours = new Set(lot.controles.filter((id) => dernierLot.get(id) !== i));
    await appliquerResultats(db, cs, fs, reponse, enCours);
    resultats.push(...reponse.resultats.filter((r) => !enCours.has(r.localId)));
  }
  return { resultats, envoyes: controles.length };
}

const sansFlags = ({ sync: _s, toCreate: _t, ...c }: EnregistrementLocal) => c;
const entree = (c: EnregistrementLocal) =>
  c.toCreate === true
    ? { ...sansFlags(c), localId: c.id }
    : { ...sansFlags(c), localId: c.id, baseVersion: c.version };
const descripteur = (f: FichierLocal) => ({
  nom: f.id,
  controleId: f.controleId,
  aopIgpId: f.aopIgpId,
  typeDocument: f.typeDocument,
  fileName: f.fileName,
  sha256: f.sha256,
});
const encodeur = new TextEncoder();
const octetsJson = (valeur: unknown) => encodeur.encode(JSON.stringify(valeur)).length;

/**
 * The server has a control: it takes its server id locally at once, so nothing seems to vanish.
 * Its `sync: true` write (or its deletion) removes its id from meta's unsynced list in the same
 * transaction (the middleware of nonSynchronises.ts); a rejected one stays listed.
 */
async function appliquerResultats(
  db: Dexie,
  controles: EnregistrementLocal[],
  fichiers: FichierDeControle[],
  reponse: PushControlesResponse,
  enCours: ReadonlySet<string>,
) {
  const parId = new Map(controles.map((c) => [c.id, c]));
  // A file the server refused (e.g. a damaged upload) stays unsynced, to be sent again.
  const recus = new Set(reponse.documents.filter((d) => d.statut !== 'REJETE').map((d) => d.nom));
  await db.transaction('rw', db.table('controles'), db.table('fichiers'), async () => {
    // Files that reached the server with a control still under way: sent, the control untouched.
    await db
      .table('fichiers')
      .bulkPut(
        fichiers
          .filter((f) => enCours.has(f.controleId))
          .map((f) => ({ ...f, sync: recus.has(f.id) })),
      );
    for (const r of reponse.resultats) {
      const local = parId.get(r.localId);
      if (!local || enCours.has(r.localId) || r.statut === 'REJETE' || r.id === null) continue;
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
      // Files sent with an earlier request of this control follow it to its server id.
      if (r.id !== r.localId) {
        await db
          .table<FichierLocal, string>('fichiers')
          .where('controleId')
          .equals(r.localId)
          .modify({ controleId: r.id });
      }
    }
    // A rejected control keeps its local work: never drop it, whatever the server lists; nor one
    // whose files are still on their way.
    const gardes = new Set([
      ...enCours,
      ...reponse.resultats.filter((r) => r.statut === 'REJETE').map((r) => r.localId),
    ]);
    await db.table('controles').bulkDelete(reponse.toRemove.filter((id) => !gardes.has(id)));
    // The card says why (a finalised control, one no longer his): the entry stays unsynced.
    for (const r of reponse.resultats)
      if (r.statut === 'REJETE' && parId.has(r.localId))
        await db
          .table('controles')
          .update(r.localId, { rejet: r.message ?? 'Contrôle refusé par le serveur' });
  });
}
