import type { Dexie } from 'dexie';
import { apiDe } from '../../lib/api';
import { RESERVE_NUMEROS_RAPPORT, type ReserveNumerosResponse } from '@estive/contracts';
import { lireMeta } from './meta';
import type { SyncHttp } from './types';

/**
 * Report numbers reserved for this device (docs/architecture.md §5 'Report numbers'): at each sync
 * the device tops its block for the active right's ODG back up to `RESERVE_NUMEROS_RAPPORT`; a
 * control created offline takes the first one, so the number printed on its signed report is final.
 */
const cle = (odgId: string) => `numerosRapport:${odgId}`;

export async function numerosDisponibles(db: Dexie, odgId: string): Promise<string[]> {
  return (await lireMeta<string[]>(db, cle(odgId))) ?? [];
}

/**
 * Asks the server for what the block lacks. A failure only leaves the block as it is (the next
 * sync tops it up): it never fails the run, whose data is already exchanged.
 */
export async function completerNumeros(db: Dexie, http: SyncHttp, odgId: string): Promise<void> {
  const manque = RESERVE_NUMEROS_RAPPORT - (await numerosDisponibles(db, odgId)).length;
  if (manque <= 0) return;
  let reponse: ReserveNumerosResponse;
  try {
    reponse = await apiDe(http)('POST /api/synchro/numeros-rapport', { corps: { nombre: manque } });
  } catch {
    return;
  }
  await db.transaction('rw', db.table('meta'), async () => {
    const actuels = await numerosDisponibles(db, reponse.odgId);
    const tous = [...new Set([...actuels, ...reponse.numeros])];
    await db.table('meta').put({ key: cle(reponse.odgId), value: tous });
  });
}

/**
 * Takes `nombre` numbers of the ODG's block; call inside a transaction that includes `meta`, with
 * the records that carry them, so a number is never given twice. Null when the block is short.
 */
export async function prendreNumeros(
  db: Dexie,
  odgId: string,
  nombre: number,
): Promise<string[] | null> {
  const bloc = await numerosDisponibles(db, odgId);
  if (bloc.length < nombre) return null;
  await db.table('meta').put({ key: cle(odgId), value: bloc.slice(nombre) });
  return bloc.slice(0, nombre);
}
