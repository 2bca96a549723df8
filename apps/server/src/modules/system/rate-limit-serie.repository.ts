import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, premiereLigne } from '../../db/lignes';

const etatSerie = z.object({ compte: colonne.entier, oublie: colonne.booleen });
const attenteRestante = z.object({ ms: colonne.entier });

/**
 * A series of attempts under growing waits (login throttling). Two rows of `rate_limit`:
 * `<cle>|serie` counts the attempts in a row (forgotten `memoireMs` after the last one) and
 * `<cle>|attente` holds the time before which the next attempt is refused.
 */
export interface Serie {
  cle: string;
  /** Attempts in a row allowed without waiting. */
  gratuites: number;
  /** Waits double from one second up to this. */
  attenteMaxMs: number;
  memoireMs: number;
}

/** The wait after the `n`th attempt in a row: none up to `gratuites`, then 1 s, 2 s, 4 s… */
export function attenteApres(serie: Serie, n: number): number {
  if (n <= serie.gratuites) return 0;
  return Math.min(1000 * 2 ** Math.min(n - serie.gratuites - 1, 30), serie.attenteMaxMs);
}

/**
 * Counts one attempt of the series, or answers the wait left when it comes too early (it then
 * does not count: only tried passwords do). Serialised on the series' row, so that a burst of
 * parallel attempts is judged one after the other.
 */
export async function tenterDansSerie(
  db: Database,
  serie: Serie,
): Promise<{ attenteMs: number } | null> {
  const cleSerie = `${serie.cle}|serie`;
  const cleAttente = `${serie.cle}|attente`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into rate_limit (cle, compte, fin) values (${cleSerie}, 0, now())
                         on conflict (cle) do nothing`);
    const etat = await premiereLigne(
      tx,
      sql`select s.compte, s.fin <= now() as oublie
            from rate_limit s where s.cle = ${cleSerie} for update of s`,
      etatSerie,
    );
    if (!etat) throw new Error('rate_limit: série sans ligne');
    // Read once the series is locked, in a statement of its own: on PostgreSQL a statement that
    // waited for the lock still reads other rows as they were when it began, so a wait set by the
    // attempt it waited for would go unseen (a burst of 40 let 18 through).
    const restante = await premiereLigne(
      tx,
      sql`select greatest(0, ceil(extract(epoch from (a.fin - now())) * 1000))::int as ms
            from rate_limit a where a.cle = ${cleAttente}`,
      attenteRestante,
    );
    if (restante && restante.ms > 0) return { attenteMs: restante.ms };
    const n = etat.oublie ? 1 : etat.compte + 1;
    await tx.execute(sql`update rate_limit set compte = ${n},
                           fin = now() + make_interval(secs => ${serie.memoireMs / 1000})
                         where cle = ${cleSerie}`);
    const attente = attenteApres(serie, n);
    if (attente > 0) {
      await tx.execute(sql`insert into rate_limit (cle, compte, fin)
                           values (${cleAttente}, ${n}, now() + make_interval(secs => ${attente / 1000}))
                           on conflict (cle) do update set compte = excluded.compte, fin = excluded.fin`);
    }
    return null;
  });
}

/** A success: the series starts again. */
export async function oublierSerie(db: Database, serie: Serie): Promise<void> {
  await db.execute(
    sql`delete from rate_limit where cle in (${`${serie.cle}|serie`}, ${`${serie.cle}|attente`})`,
  );
}
