import type { Database } from '../db/client';
import { manquementsTerrainRepository } from '../modules/synchro/manquements-terrain.repository';
import { deriverManquementsStockes } from '../modules/synchro/manquements-terrain.service';
import { pushControleRepository } from '../modules/synchro/push-controle.repository';

/** The derivation of stored controls' shortcomings, wired on a database. */
export function creerDerivation(db: Database) {
  return (progression?: (faits: number, total: number) => void) =>
    deriverManquementsStockes(
      db,
      {
        aDeriver: () => manquementsTerrainRepository.aDeriver(db),
        verrouiller: (tx, id) => pushControleRepository.verrouiller(tx, id),
      },
      progression,
    );
}
