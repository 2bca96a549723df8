import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PersonnePhysiqueLigne } from '@estive/contracts';
import { colonne, lignes } from '../../db/lignes';
import { contact } from '../../db/schema';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The natural persons' list (issue 32 item 3): the ODG's people and its operators' contacts, one
 * line per contact identity linked to its operators, filtered on more than the name, the
 * perimeter in the SQL. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
/** Two operators of the Comté right only, one of no ODG of the animateur. */
let comte: { id: number; raisonSociale: string; ville: string; siret: string }[];
let etranger: { id: number; raisonSociale: string };
const NOM = `Vuillemin-${Date.now()}`;

const OPERATEUR = z.object({
  id: colonne.entier,
  raisonSociale: colonne.texte,
  ville: colonne.texte,
  siret: colonne.texte,
});
const habilitePar = (droit: number) =>
  sql`exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
               join droit d on d.organisme_id = a.odg_id where h.personne_morale_id = p.id and d.id = ${droit})`;

beforeAll(async () => {
  ({ ctx, animateur, controleur, droits } = await ouvrirBureau());
  const db = ctx.database.db;
  const [d0, d1] = droits.map(Number);
  comte = await lignes(
    db,
    sql`select p.id, p.raison_sociale as "raisonSociale", p.ville, p.siret from personne_morale p
         where p.deleted_at is null and p.ville is not null and ${habilitePar(d0!)} and not ${habilitePar(d1!)}
         order by p.id limit 2`,
    OPERATEUR,
  );
  const [e] = await lignes(
    db,
    sql`select p.id, p.raison_sociale as "raisonSociale", p.ville, p.siret from personne_morale p
         where p.deleted_at is null and exists (select 1 from habilitation h where h.personne_morale_id = p.id)
           and not exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                            join droit d on d.organisme_id = a.odg_id
                            join utilisateur u on u.id = d.utilisateur_id
                           where h.personne_morale_id = p.id and u.login = 'animateur@estive.test')
         order by p.id limit 1`,
    OPERATEUR,
  );
  if (comte.length < 2 || !e) throw new Error('démo sans opérateurs attendus');
  etranger = e;
  const personne = { civilite: 'MADAME' as const, nom: NOM, prenom: 'Léa', mail: 'lea@gaec.test' };
  await db.insert(contact).values([
    { ...personne, personneMoraleId: comte[0]!.id, fonction: 'Gérante' },
    { ...personne, personneMoraleId: comte[1]!.id, fonction: 'Associée' },
    { ...personne, personneMoraleId: etranger.id, fonction: 'Trésorière' },
    // Same name, another person (another mail): a line of its own.
    { ...personne, mail: 'autre.lea@gaec.test', personneMoraleId: comte[1]!.id, fonction: null },
  ]);
});
afterAll(() => ctx.close());

type Page = { content: PersonnePhysiqueLigne[]; totalElements: number };
const get = (query: string, jeton = animateur, droit = droits[0]) =>
  ctx.app.inject({ url: `/api/personne-physique?${query}`, headers: bearer(jeton, droit) });
const page = async (query: string, droit = droits[0]) => {
  const r = await get(query, animateur, droit);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<Page>();
};

describe('natural persons: people and contacts', () => {
  it("lists an operators' contact once, with each operator of the perimeter, never another ODG's", async () => {
    const p = await page(`nom=${encodeURIComponent(NOM)}`);
    expect(p.totalElements).toBe(2);
    const lea = p.content.find((l) => l.mail === 'lea@gaec.test');
    expect(lea).toMatchObject({ type: 'CONTACT', id: null, prenom: 'Léa', civilite: 'MADAME' });
    expect(lea!.operateurs.map((o) => Number(o.id)).sort()).toEqual(comte.map((o) => o.id).sort());
    expect(lea!.fonctions.sort()).toEqual(['Associée', 'Gérante']);
    expect(p.content.flatMap((l) => l.operateurs.map((o) => Number(o.id)))).not.toContain(
      etranger.id,
    );
    expect(JSON.stringify(p)).not.toContain('Trésorière');
    const autre = p.content.find((l) => l.mail === 'autre.lea@gaec.test');
    expect(autre?.operateurs.map((o) => Number(o.id))).toEqual([comte[1]!.id]);
  });

  it('people of the ODG stay in the list, with their fiche id, beside the contacts', async () => {
    const tout = await page('size=2000&type=PERSONNE');
    expect(tout.content.length).toBeGreaterThan(0);
    expect(tout.content.every((l) => l.type === 'PERSONNE' && l.id !== null)).toBe(true);
    const contacts = await page('type=CONTACT');
    expect(contacts.content.every((l) => l.type === 'CONTACT' && l.operateurs.length > 0)).toBe(
      true,
    );
    const ensemble = await page('');
    expect(ensemble.totalElements).toBe(tout.totalElements + contacts.totalElements);
  });

  it('filters on the operator (name or SIRET), the function and the town, accent- and case-blind', async () => {
    const nom = `nom=${encodeURIComponent(NOM)}`;
    const parOperateur = await page(`${nom}&operateur=${encodeURIComponent(comte[0]!.siret)}`);
    expect(parOperateur.content.map((l) => l.mail)).toEqual(['lea@gaec.test']);
    // The line keeps all its operators, not only the one that matched.
    expect(parOperateur.content[0]!.operateurs).toHaveLength(2);
    const mot = comte[1]!.raisonSociale.split(' ').at(-1)!.toUpperCase();
    const parNom = await page(`${nom}&operateur=${encodeURIComponent(mot)}`);
    expect(parNom.content.length).toBe(2);
    const parFonction = await page(`${nom}&fonction=GERANTE`);
    expect(parFonction.content.map((l) => l.mail)).toEqual(['lea@gaec.test']);
    expect((await page(`${nom}&fonction=Tr%C3%A9sori%C3%A8re`)).totalElements).toBe(0);
    const parCommune = await page(`${nom}&commune=${encodeURIComponent(comte[0]!.ville)}`);
    expect(parCommune.content.map((l) => l.mail)).toContain('lea@gaec.test');
    expect((await page(`${nom}&commune=Zzzville`)).totalElements).toBe(0);
  });

  it('sorts and pages the union; the other right of the animateur does not see these contacts', async () => {
    const asc = await page('type=CONTACT&sort=nom,ASC&size=5');
    const desc = await page('type=CONTACT&sort=nom,DESC&size=5');
    const noms = asc.content.map((l) => l.nom);
    expect(noms).toEqual([...noms].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(desc.content[0]!.nom >= asc.content[0]!.nom).toBe(true);
    const p2 = await page('type=CONTACT&size=5&page=1');
    expect(p2.content.map((l) => l.cle)).not.toContain(asc.content[0]!.cle);
    expect((await page(`nom=${encodeURIComponent(NOM)}`, droits[1])).totalElements).toBe(0);
  });

  it('refuses an unknown filter (400, named), a bad type, a controller (403)', async () => {
    const inconnu = await get('ville=Poligny');
    expect(inconnu.statusCode).toBe(400);
    expect(inconnu.body).toContain('ville');
    expect((await get('type=AUTRE')).statusCode).toBe(400);
    expect((await get('', controleur)).statusCode).toBe(403);
  });
});
