import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grilleSchema, saisirValeurExploitation, type Grille } from '@estive/domain';
import { z } from 'zod';
import { colonne, lignes as lignesDe } from '../db/lignes';
import { baseDuFichier } from '../test/test-app';
import { declarer } from './seed-declaratifs';

const database = baseDuFichier();

const lignes = (g: Grille) => g.groupesSysExploitation.flatMap((x) => x.points);

/** The grids of the demo controller's programmed Comté controls, as the feed sends them. */
async function grillesComte(): Promise<Grille[]> {
  const rows = await lignesDe(
    database().db,
    sql`select c.grille from controle c
          join utilisateur u on u.id = c.controleur_id
          join aop_igp a on a.id = c.aop_igp_id
         where u.login = 'controleur@estive.test' and c.statut = 'PROGRAMME' and a.libelle = 'Comté'
           and c.grille is not null`,
    z.object({ grille: colonne.json }),
  );
  return rows.map((r) => grilleSchema.parse(r.grille));
}

describe('declared values of the demo (extranet mode)', () => {
  it('puts the demo controller in extranet mode', async () => {
    const [u] = await lignesDe(
      database().db,
      sql`select extranet_enabled as extranet from utilisateur where login = 'controleur@estive.test'`,
      z.object({ extranet: colonne.booleen }),
    );
    expect(u!.extranet).toBe(true);
  });

  it('gives programmed Comté-only visits a blank grid with the last campaign declared', async () => {
    const grilles = await grillesComte();
    expect(grilles.length).toBeGreaterThan(3);
    // A stored grid is its visit's: only lone controls get one, with their label only.
    const partages = await lignesDe(
      database().db,
      sql`select c.id from controle c join controle v
              on v.personne_morale_id = c.personne_morale_id and v.date = c.date and v.id <> c.id
           where c.grille is not null and c.statut = 'PROGRAMME'`,
      z.object({ id: colonne.entier }),
    );
    expect(partages).toEqual([]);
    const annee = new Date().getUTCFullYear() - 1;
    for (const g of grilles) {
      // Blank: the controller enters everything; the declarations are shown beside.
      expect(lignes(g).every((l) => l.valeur === null)).toBe(true);
      expect(g.manquements).toEqual([]);
      const troupeau = lignes(g).find((l) => l.code === 'a3')?.declaratif;
      expect(troupeau).toMatchObject({
        libelle: 'Déclaration de troupeau (extranet)',
        debutPeriode: `${annee}-01-01`,
        finPeriode: `${annee}-12-31`,
      });
      expect(troupeau?.saisie).toMatch(/^\d+$/);
      // A computed line is never declared.
      expect(lignes(g).find((l) => l.code === 'a6')?.declaratif).toBeNull();
    }
  });

  it('declares figures of a conforming Comté farm (aop-rules.md §1)', async () => {
    const [grille] = (await grillesComte()) as [Grille];
    for (const vaches of [30, 59]) {
      let g = grille;
      for (const l of lignes(declarer(grille, vaches))) {
        if (l.declaratif) g = saisirValeurExploitation(g, l.code, l.declaratif.saisie).grille;
      }
      const valeur = (code: string) =>
        Number(
          lignes(g)
            .find((l) => l.code === code)!
            .valeur!.replace(',', '.'),
        );
      expect(valeur('a6')).toBeGreaterThanOrEqual(1); // ha of grass per dairy cow
      expect(valeur('a14')).toBeLessThanOrEqual(4600); // L of milk per ha
      expect(valeur('a22')).toBeLessThanOrEqual(1.3); // UGB per ha
      expect(valeur('a25')).toBeLessThanOrEqual(1800); // kg of concentrates per cow
    }
  });
});
