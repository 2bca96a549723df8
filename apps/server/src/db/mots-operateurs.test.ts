import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baseDuFichier } from '../test/test-app';
import { z } from 'zod';
import { colonne, ligne, lignes } from './lignes';
import {
  criteres,
  motsTapes,
  operateursCorrespondants,
  operateursDuPerimetre,
} from './mots-operateurs';

const database = baseDuFichier();
const db = () => database().db;

/** The (perimeter, field, word) rows of one operator in the index. */
const motsDe = (id: number) =>
  lignes(
    db(),
    sql`select odg_id::text, champ, mot from operateur_mot where personne_morale_id = ${id}
        order by odg_id, champ, mot`,
    z.object({ odg_id: colonne.texte, champ: colonne.texte, mot: colonne.texte }),
  );

async function nouvelOperateur(raisonSociale: string) {
  const siret = String(Date.now() % 1e9).padStart(9, '0') + '00017';
  return ligne(
    db(),
    sql`insert into personne_morale (siret, raison_sociale, code_postal, ville, mail)
        values (${siret}, ${raisonSociale}, '39220', 'Les Rousses', 'cœur.fruitiere@exemple.fr')
        returning id::int as id`,
    z.object({ id: colonne.entier }),
  );
}

describe('typed words', () => {
  it('split as the index splits, joining a SIRET typed in groups', () => {
    expect(motsTapes("Mont d'Or")).toEqual(['Mont', 'Or']);
    expect(motsTapes('123 456 789 00012')).toEqual(['12345678900012']);
    expect(motsTapes('roux.levier48@exemple.fr')).toEqual(['roux', 'levier48', 'exemple', 'fr']);
    // Decomposed accents (NFD) stay inside their word.
    expect(motsTapes('Fruitie\u0300re')).toEqual(['Fruitie\u0300re']);
    expect(motsTapes('d')).toEqual(['d']);
    expect(motsTapes('   ')).toEqual([]);
  });

  it('make a text without letters or digits a criterion that nothing matches', () => {
    expect(criteres('%_-')).toEqual([{ mot: '', champs: [] }]);
    expect(criteres('')).toEqual([]);
    expect(criteres('Les Rousses', 'ville')).toEqual([
      { mot: 'Les', champs: ['ville'] },
      { mot: 'Rousses', champs: ['ville'] },
    ]);
  });
});

describe('the word index of operators', () => {
  it('follows a new operator, its first habilitation, a new name and its anonymisation', async () => {
    const { id } = await nouvelOperateur('Fromagerie des Épicéas');
    const mots = await motsDe(id);
    // No habilitation yet: perimeter 0; accents and case gone; the e-mail cut into words.
    expect(new Set(mots.map((m) => m.odg_id))).toEqual(new Set(['0']));
    expect(mots).toEqual(
      expect.arrayContaining([
        { odg_id: '0', champ: '', mot: '' },
        { odg_id: '0', champ: 'rs', mot: 'epiceas' },
        { odg_id: '0', champ: 'ville', mot: 'rousses' },
        { odg_id: '0', champ: 'mail', mot: 'coeur' },
        { odg_id: '0', champ: 'cp', mot: '39220' },
      ]),
    );

    const { odg } = await ligne(
      db(),
      sql`with a as (select id, odg_id from aop_igp order by id limit 1),
               ac as (select id from activite order by id limit 1)
          insert into habilitation (personne_morale_id, aop_igp_id, activite_id, statut)
          select ${id}, a.id, ac.id, 'VALIDEE' from a, ac
          returning (select odg_id::text from a) as odg`,
      z.object({ odg: colonne.texte }),
    );
    expect(new Set((await motsDe(id)).map((m) => m.odg_id))).toEqual(new Set([odg]));

    await db().execute(
      sql`update personne_morale set raison_sociale = 'Ferme du Lac' where id = ${id}`,
    );
    const renomme = (await motsDe(id)).filter((m) => m.champ === 'rs').map((m) => m.mot);
    expect(renomme).toEqual(['du', 'ferme', 'lac']);

    await db().execute(sql`update personne_morale set deleted_at = now() where id = ${id}`);
    expect(await motsDe(id)).toEqual([]);
  });

  it('is left alone by an update that changes nothing searched (a version bump)', async () => {
    const { id } = await nouvelOperateur('Laiterie du Grand Colombier');
    await db().execute(
      sql`delete from operateur_mot where personne_morale_id = ${id} and mot = 'grand'`,
    );
    await db().execute(sql`update personne_morale set telephone1 = '0384000000' where id = ${id}`);
    expect((await motsDe(id)).some((m) => m.mot === 'grand')).toBe(false);
  });

  it('carries on each word whether the operator holds a validated habilitation, as it changes', async () => {
    const { id } = await nouvelOperateur('GAEC des Trois Sapins');
    const etat = async () => {
      const { habilite } = await ligne(
        db(),
        sql`select habilite from personne_morale where id = ${id}`,
        z.object({ habilite: colonne.booleen }),
      );
      const mots = await lignes(
        db(),
        sql`select habilite from operateur_mot where personne_morale_id = ${id}`,
        z.object({ habilite: colonne.booleen }),
      );
      return { habilite, mots: [...new Set(mots.map((m) => m.habilite))] };
    };
    const habilites = async (odg: number) =>
      (
        await lignes(
          db(),
          operateursCorrespondants([odg], criteres('sapins', 'rs'), true),
          z.object({ id: colonne.entier }),
        )
      ).map((r) => r.id);
    expect(await etat()).toEqual({ habilite: false, mots: [false] });

    const { h, odg } = await ligne(
      db(),
      sql`with a as (select id, odg_id from aop_igp order by id limit 1),
               ac as (select id from activite order by id limit 1)
          insert into habilitation (personne_morale_id, aop_igp_id, activite_id, statut)
          select ${id}, a.id, ac.id, 'EN_COURS' from a, ac
          returning id::int as h, (select odg_id::int from a) as odg`,
      z.object({ h: colonne.entier, odg: colonne.entier }),
    );
    expect(await etat()).toEqual({ habilite: false, mots: [false] });
    expect(await habilites(odg)).not.toContain(id);

    await db().execute(sql`update habilitation set statut = 'VALIDEE' where id = ${h}`);
    expect(await etat()).toEqual({ habilite: true, mots: [true] });
    expect(await habilites(odg)).toContain(id);

    await db().execute(sql`delete from habilitation where id = ${h}`);
    expect(await etat()).toEqual({ habilite: false, mots: [false] });
    expect(new Set((await motsDe(id)).map((m) => m.odg_id))).toEqual(new Set(['0']));
  });

  it('answers a search from the index alone', async () => {
    await db().execute(sql`vacuum analyze operateur_mot`);
    const plan = await lignes(
      db(),
      sql`explain ${operateursCorrespondants([1], criteres('fromagerie rousses'))}`,
      z.record(z.string(), colonne.texte),
    );
    const texte = JSON.stringify(plan);
    expect(texte).toContain('Index Only Scan using operateur_mot_recherche_idx');
    expect(texte).not.toContain('personne_morale');
    // 'Habilité' too: no habilitation is read.
    const habilites = JSON.stringify(
      await lignes(
        db(),
        sql`explain ${operateursCorrespondants([1], [], true)}`,
        z.record(z.string(), colonne.texte),
      ),
    );
    expect(habilites).toMatch(/Index Only Scan using operateur_mot_\w+_idx/);
    expect(habilites).not.toMatch(/habilitation|personne_morale/);
  });

  it('carries the sort keys as typed on the empty word, and a sort walks their index', async () => {
    const { id } = await nouvelOperateur('Fruitière des Rousses');
    const cles = () =>
      lignes(
        db(),
        sql`select champ, ville, code_postal, mail from operateur_mot
             where personne_morale_id = ${id} and (mot = '' or champ = 'ville') order by champ`,
        z.record(z.string(), colonne.texte.nullable()),
      );
    expect(await cles()).toEqual([
      { champ: '', ville: 'Les Rousses', code_postal: '39220', mail: 'cœur.fruitiere@exemple.fr' },
      { champ: 'ville', ville: null, code_postal: null, mail: null },
      { champ: 'ville', ville: null, code_postal: null, mail: null },
    ]);
    // The same words (case and accents are not searched), yet another place in a sort by town.
    await db().execute(sql`update personne_morale set ville = 'LES ROUSSES' where id = ${id}`);
    expect((await cles())[0]?.ville).toBe('LES ROUSSES');

    await db().execute(sql`vacuum analyze operateur_mot`);
    const plan = JSON.stringify(
      await lignes(
        db(),
        sql`explain select id from (${operateursDuPerimetre(1, ['ville'], true)}) as c
             order by ville desc, raison_sociale, id limit 10`,
        z.record(z.string(), colonne.texte),
      ),
    );
    expect(plan).toContain('Index Only Scan Backward using operateur_mot_tri_ville_idx');
    expect(plan).not.toMatch(/personne_morale(?!_id)/);
  });
});
