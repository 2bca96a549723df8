import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { utilisateur } from '../db/schema';
import { createRandom } from './random';
import { seedAnnuaire } from './seed-annuaire';
import { seedComptes } from './seed-comptes';
import { seedDeclaratifs } from './seed-declaratifs';
import { seedReferentiel } from './seed-referentiel';
import { seedPreparation, seedTournees } from './seed-tournees';
import { seedTableauDeBord } from './seed-tableau-de-bord';
import { obtenir } from './obtenir';

export const OPERATEURS_DEMO = 2000;

/** Seeds the whole demo data set in one transaction; deterministic for a given seed. */
export async function seedDemo(db: Database, options: { operateurs?: number; seed?: number } = {}) {
  const random = createRandom(options.seed ?? 20261123);
  await db.transaction(async (tx) => {
    // The per-row triggers that touch an operator when its sites change are pointless on an
    // initial load and slow it down tenfold; the rows get their change_xid from column defaults.
    await tx.execute(sql`set local session_replication_role = replica`);
    const refs = await seedReferentiel(tx);
    const operateurs = await seedAnnuaire(tx, random, refs, options.operateurs ?? OPERATEURS_DEMO);
    // Replica mode silenced the habilitation triggers too: the operators' perimeters in one go.
    await tx.execute(
      sql`select estive_recalcule_perimetres(array(select distinct personne_morale_id from habilitation))`,
    );
    const comptes = await seedComptes(tx, refs);
    const compte = (login: string) => obtenir(comptes, login, 'demo account');
    await seedTournees(
      { tx, random, refs, odg: 'comte', controleurId: compte('controleur@estive.test') },
      operateurs,
    );
    // The demo controller works in extranet mode: her Comté visits carry declared values.
    await seedDeclaratifs(tx, compte('controleur@estive.test'));
    await seedTournees(
      { tx, random, refs, odg: 'comte', controleurId: compte('controleur2@estive.test') },
      operateurs.slice(400),
    );
    await seedTournees(
      {
        tx,
        random,
        refs,
        odg: 'auvergne',
        controleurId: compte('controleur.auvergne@estive.test'),
      },
      operateurs,
    );
    await seedPreparation({ tx, random, refs, odg: 'comte' }, operateurs);
    // Last, so that the rounds above stay what they were: the history the dashboards show.
    for (const [odg, controleur] of [
      ['comte', 'controleur2@estive.test'],
      ['auvergne', 'controleur.auvergne@estive.test'],
    ] as const) {
      await seedTableauDeBord(
        { tx, random, refs, odg, controleurId: compte(controleur) },
        operateurs,
      );
    }
    // Replica mode silenced the trigger that files new rounds under their ODG's current campaign.
    await tx.execute(sql`update tournee t set campagne_id = k.id from campagne k
                          where t.campagne_id is null and k.odg_id = t.odg_id and k.courante`);
    // And the one that fills the operator search's word index.
    await tx.execute(sql`select estive_indexe_operateurs(array(select id from personne_morale))`);
  });
  // Statistics for the planner and a visibility map for index-only scans (the word index): PGlite
  // has no autovacuum, and PostgreSQL's would come minutes later.
  await db.execute(sql`vacuum analyze`);
}

export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(utilisateur);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}
