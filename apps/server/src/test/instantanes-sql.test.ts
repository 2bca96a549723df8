import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLOTURE_SQL,
  COMMANDE_INSTANTANES,
  DOSSIER_INSTANTANES,
  instantanesSql,
  miseEnForme,
} from './instantanes-sql';
import { baseDuFichier } from './test-app';

/**
 * The query snapshots are those the repositories send today: regenerated in memory (never
 * written by a test) and compared file by file with the tracked ones.
 */
const base = baseDuFichier();
/** A ```sql block that holds at least one statement. */
const blocAvecRequete = new RegExp(`${CLOTURE_SQL}sql\\n\\s*\\S[^]*;\\n${CLOTURE_SQL}`);

describe('query snapshots (apps/server/requetes)', () => {
  it('each tracked file is the SQL its repository sends, and no file is missing or stale', async () => {
    const attendus = await instantanesSql(base());
    // Every file of the folder: a record left in an older format counts as stale.
    const suivis = readdirSync(DOSSIER_INSTANTANES);
    expect(suivis.sort(), `fichiers d'instantanés : lancez ${COMMANDE_INSTANTANES}`).toEqual(
      [...attendus.keys()].sort(),
    );
    for (const [nom, texte] of attendus) {
      const fichier = path.join(DOSSIER_INSTANTANES, nom);
      const suivi = existsSync(fichier) ? readFileSync(fichier, 'utf8') : '';
      expect(suivi, `${nom} ne correspond plus aux requêtes : lancez ${COMMANDE_INSTANTANES}`).toBe(
        texte,
      );
    }
  });

  it('covers every query of the calls (none of them answered without asking the database)', async () => {
    const attendus = await instantanesSql(base());
    for (const [nom, texte] of attendus) {
      // Each call's section (after its `## ` heading) must hold at least one query in its block.
      const sansRequete = texte
        .split('\n## ')
        .slice(1)
        .filter((section) => !blocAvecRequete.test(section));
      expect(sansRequete, nom).toEqual([]);
    }
  });

  it('keeps a query as written: the common indent removed, the first line trimmed', () => {
    expect(miseEnForme('  select a\n        from t\n       where x = $1  \n')).toBe(
      'select a\n from t\nwhere x = $1',
    );
  });
});
