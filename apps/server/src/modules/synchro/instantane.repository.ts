import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligne, lignes } from '../../db/lignes';
import { FLUX, type Portee } from './feeds.repository';

const ligneVersion = z.object({ version: colonne.texte });
const ligneId = z.object({ id: colonne.entier });

const borne = sql`pg_snapshot_xmin(pg_current_snapshot())`;

/**
 * The directory's data version, as the feed sees it: the last transaction below the feed's bound
 * that wrote an operator (a site, contact or habilitation touches its operator: migration 0001)
 * or one of the feed's tombstones, and the last file that may belong to an operator's document
 * (files do not touch their operator). Any write the feed could serve moves one of the three, so
 * a snapshot built under an older version is never served again (docs/decisions.md 'Sync').
 * Three reads of an index's last entry: cheap enough to run on every snapshot request.
 */
export async function versionAnnuaire(db: Database): Promise<string> {
  const r = await ligne(
    db,
    sql`select coalesce((select t.change_xid::text from personne_morale t
                          where t.change_xid < ${borne}
                          order by t.change_xid desc limit 1), '0')
            || '-' || coalesce((select ts.change_xid::text from sync_tombstone ts
                          where ts.entity = 'annuaire-morale' and ts.change_xid < ${borne}
                          order by ts.change_xid desc limit 1), '0')
            || '-' || coalesce((select f.id::text from fichier f
                          where f.personne_morale_id is not null or f.habilitation_id is not null
                          order by f.id desc limit 1), '0') as version`,
    ligneVersion,
  );
  return r.version;
}

/**
 * The feed's rows of an ODG's perimeter that a fresh device must hold, as the sub-query of
 * columns `xid`, `id`, `supprime` that the directory's batch statement takes
 * (`annuaire-documents.repository.ts` `lotAnnuaire`): every live operator habilitated on one of
 * the ODG's labels, written below the feed's bound. The same scope as the feed
 * (`FLUX['annuaire-morale']`, without a controller's own additions, which are per user).
 */
export function lignesDuPerimetre(odgId: number): SQL {
  const portee: Portee = { utilisateurId: 0, odgId, controleur: false };
  return sql`select t.change_xid as xid, t.id, false as supprime
               from personne_morale t
              where ${FLUX['annuaire-morale'].portee(portee)} and t.deleted_at is null
                and t.change_xid < ${borne}`;
}

/**
 * A controller's own additions to his directory: the live operators of his controls that are
 * outside the perimeter's habilitations (the feed's second condition for controllers).
 */
export async function operateursHorsPerimetre(db: Database, p: Portee): Promise<number[]> {
  if (!p.controleur) return [];
  const habilite =
    p.odgId === null ? sql`false` : sql`coalesce(t.odg_ids @> array[${p.odgId}]::bigint[], false)`;
  const rows = await lignes(
    db,
    sql`select t.id from personne_morale t
         where t.deleted_at is null and not ${habilite}
           and exists (select 1 from controle c where c.personne_morale_id = t.id
                        and c.controleur_id = ${p.utilisateurId} and c.deleted_at is null)
         order by t.id`,
    ligneId,
  );
  return rows.map((r) => r.id);
}

const ligneOdg = z.object({ odgId: colonne.entier });

/** The ODGs whose perimeter holds operators: those a snapshot is built for. */
export async function odgsAvecAnnuaire(db: Database): Promise<number[]> {
  const rows = await lignes(
    db,
    sql`select distinct a.odg_id as "odgId" from aop_igp a
         where exists (select 1 from habilitation h where h.aop_igp_id = a.id)
         order by 1`,
    ligneOdg,
  );
  return rows.map((r) => r.odgId);
}
