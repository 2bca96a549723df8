import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, premiereLigne } from '../../db/lignes';

const compteur = z.object({ compte: colonne.entier, ttl_ms: colonne.entier });

/**
 * Counts one request against `cle` in a window of `fenetreMs`, atomically (one upsert): every node
 * of the cluster sees the same counter. An expired window starts again at 1.
 */
export async function compterRequete(
  db: Database,
  cle: string,
  fenetreMs: number,
): Promise<{ compte: number; ttlMs: number }> {
  const ligne = await premiereLigne(
    db,
    sql`insert into rate_limit (cle, compte, fin)
        values (${cle}, 1, now() + make_interval(secs => ${fenetreMs / 1000}))
        on conflict (cle) do update set
          compte = case when rate_limit.fin <= now() then 1 else rate_limit.compte + 1 end,
          fin = case when rate_limit.fin <= now() then excluded.fin else rate_limit.fin end
        returning compte, greatest(0, ceil(extract(epoch from (fin - now())) * 1000))::int as ttl_ms`,
    compteur,
  );
  if (!ligne) throw new Error('rate_limit: upsert sans ligne');
  return { compte: ligne.compte, ttlMs: ligne.ttl_ms };
}

/** Counters whose window ended: nothing reads them again. */
export async function purgerCompteursExpires(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit where fin < now() - interval '1 minute'`);
}

/** Gives one request back to `cle` (a login that succeeded): only failures and attempts in flight count. */
export async function rendreRequete(db: Database, cle: string): Promise<void> {
  await db.execute(
    sql`update rate_limit set compte = greatest(compte - 1, 0) where cle = ${cle} and fin > now()`,
  );
}
