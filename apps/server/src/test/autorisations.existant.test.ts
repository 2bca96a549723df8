import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import { personneMorale } from '../db/schema';
import { bearer, type TestContext } from './test-app';
import { ouvrirBureau } from './bureau.test-helpers';

/**
 * What the duplicate check tells about an operator outside the active perimeter (issue 32 item
 * 1; docs/decisions.md 'An operator that exists under another ODG'): who holds it, its ODGs and
 * their labels, and where to ask CNAOL; never its id, name, address nor numbers beyond the
 * SIRET that was typed. EDE is matched inside the perimeter only.
 */
let ctx: TestContext, animateur: string, controleur: string, cnaol: string, droits: string[];
const OPERATEUR = z.object({
  id: colonne.entier,
  siret: colonne.texte,
  ede: colonne.texte,
  raisonSociale: colonne.texte,
  ville: colonne.texte,
  codePostal: colonne.texte,
});
type Operateur = z.output<typeof OPERATEUR>;
let dehors: Operateur, dedans: Operateur;
/** The ODGs holding `dehors` and their labels, as the database says. */
let detenteurs: { odg: string; aopIgps: string[] }[];

type Reponse = {
  operateurs: {
    operateur: { id: string; raisonSociale: string } | null;
    detenteurs: { odg: string; aopIgps: string[] }[];
  }[];
  contactCnaol: string[];
};

async function operateur(condition: ReturnType<typeof sql>) {
  const [o] = await lignes(
    ctx.database.db,
    sql`select p.id, p.siret, p.ede, p.raison_sociale as "raisonSociale", p.ville, p.code_postal as "codePostal"
          from personne_morale p
         where p.deleted_at is null and p.ede is not null and p.ville is not null
           and p.code_postal is not null and ${condition}
         order by p.id limit 1`,
    OPERATEUR,
  );
  if (!o) throw new Error('démo sans opérateur attendu');
  return o;
}
const duDroit = (droit: number) =>
  sql`exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
               join droit d on d.organisme_id = a.odg_id where h.personne_morale_id = p.id and d.id = ${droit})`;

beforeAll(async () => {
  ({ ctx, animateur, controleur, cnaol, droits } = await ouvrirBureau());
  const d0 = Number(droits[0]);
  dehors = await operateur(
    sql`exists (select 1 from habilitation h where h.personne_morale_id = p.id) and not exists (
          select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
           where h.personne_morale_id = p.id and a.odg_id = (select organisme_id from droit where id = ${d0}))`,
  );
  dedans = await operateur(duDroit(d0));
  detenteurs = await lignes(
    ctx.database.db,
    sql`select o.raison_sociale as odg, array_agg(distinct a.libelle order by a.libelle) as "aopIgps"
          from habilitation h join aop_igp a on a.id = h.aop_igp_id join organisme o on o.id = a.odg_id
         where h.personne_morale_id = ${dehors.id} group by o.raison_sociale order by o.raison_sociale`,
    z.object({ odg: colonne.texte, aopIgps: z.array(z.string()) }),
  );
});
afterAll(() => ctx.close());

const existant = (query: string, jeton = animateur, droit = droits[0]) =>
  ctx.app.inject({
    url: `/api/personne-morale/recherche/existant?${query}`,
    headers: bearer(jeton, droit),
  });
async function reponse(query: string, jeton = animateur, droit = droits[0]) {
  const r = await existant(query, jeton, droit);
  expect(r.statusCode, r.body).toBe(200);
  return { json: r.json<Reponse>(), texte: r.body };
}

describe('GET /api/personne-morale/recherche/existant (issue 32 item 1)', () => {
  it('outside the perimeter: the holders and CNAOL, not the operator’s id, name or address', async () => {
    for (const jeton of [animateur, cnaol]) {
      const droit = jeton === cnaol ? undefined : droits[0];
      const siret = `${dehors.siret.slice(0, 3)} ${dehors.siret.slice(3)}`;
      const { json, texte } = await reponse(`siret=${encodeURIComponent(siret)}`, jeton, droit);
      if (jeton === animateur) {
        expect(json.operateurs).toEqual([{ operateur: null, detenteurs }]);
        expect(json.contactCnaol).toContain('cnaol@estive.test');
        for (const secret of [
          dehors.raisonSociale,
          dehors.ville,
          dehors.codePostal,
          dehors.ede,
          `"${dehors.id}"`,
        ])
          expect(texte).not.toContain(secret);
      } else expect(json.operateurs).toHaveLength(1);
    }
  });

  it('inside the perimeter: the operator in short, its fiche’s id, no CNAOL to ask', async () => {
    const { json } = await reponse(`siret=${dedans.siret}`);
    expect(json.operateurs).toHaveLength(1);
    expect(json.operateurs[0]!.operateur).toMatchObject({
      id: String(dedans.id),
      raisonSociale: dedans.raisonSociale,
    });
    expect(json.contactCnaol).toEqual([]);
  });

  it('EDE is matched inside the perimeter only: another ODG’s EDE tells nothing', async () => {
    expect((await reponse(`ede=${dehors.ede}`)).json.operateurs).toEqual([]);
    const { json } = await reponse(`ede=${dedans.ede}`);
    expect(json.operateurs.map((o) => o.operateur?.id)).toContain(String(dedans.id));
  });

  it('an operator no ODG holds yet is inside every perimeter (its first habilitation is open)', async () => {
    const siret = `9${String(Date.now()).slice(-13)}`;
    const cree = await ctx.app.inject({
      method: 'POST',
      url: '/api/personne-morale',
      headers: bearer(animateur, droits[1]),
      payload: { raisonSociale: 'Fromagerie sans label', siret },
    });
    expect(cree.statusCode, cree.body).toBe(201);
    const { json } = await reponse(`siret=${siret}`);
    expect(json.operateurs).toHaveLength(1);
    expect(json.operateurs[0]!.operateur?.raisonSociale).toBe('Fromagerie sans label');
    expect(json.operateurs[0]!.detenteurs).toEqual([]);
    await ctx.database.db.delete(personneMorale).where(sql`${personneMorale.siret} = ${siret}`);
  });

  it('nothing typed: nothing found; an unknown key is 400; a controller 403', async () => {
    expect((await reponse('')).json).toEqual({ operateurs: [], contactCnaol: [] });
    const inconnu = await existant('raisonSociale=Roches');
    expect(inconnu.statusCode).toBe(400);
    expect(inconnu.body).toContain('raisonSociale');
    expect((await existant(`siret=${dehors.siret}`, controleur)).statusCode).toBe(403);
  });

  it('habilitating it on a label of the active ODG brings it into the perimeter; a foreign label or a controller cannot', async () => {
    const [label] = await lignes(
      ctx.database.db,
      sql`select a.id as "aopIgpId", array_agg(aa.activite_id order by aa.activite_id) as "activiteIds"
            from aop_igp a join activite_aop aa on aa.aop_igp_id = a.id
           where a.odg_id = (select organisme_id from droit where id = ${Number(droits[0])})
           group by a.id order by a.id limit 1`,
      z.object({ aopIgpId: colonne.entier, activiteIds: z.array(colonne.entier) }),
    );
    const [etranger] = await lignes(
      ctx.database.db,
      sql`select a.id, min(aa.activite_id) as activite from aop_igp a join activite_aop aa on aa.aop_igp_id = a.id
           where a.odg_id <> (select organisme_id from droit where id = ${Number(droits[0])})
           group by a.id order by a.id limit 1`,
      z.object({ id: colonne.entier, activite: colonne.entier }),
    );
    if (!label || !etranger) throw new Error('démo sans AOP-IGP attendue');
    const habiliter = (corps: object, jeton = animateur) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/personne-morale/existant/habilitation',
        headers: bearer(jeton, jeton === animateur ? droits[0] : undefined),
        payload: { siret: dehors.siret, dateDi: '2026-03-02', ...corps },
      });
    const corps = {
      aopIgpId: String(label.aopIgpId),
      activiteIds: [String(label.activiteIds[0])],
    };
    expect((await habiliter(corps, controleur)).statusCode).toBe(403);
    const autreLabel = await habiliter({
      aopIgpId: String(etranger.id),
      activiteIds: [String(etranger.activite)],
    });
    expect(autreLabel.statusCode).toBe(404);
    const inconnu = await habiliter({ ...corps, siret: '73282932000074' });
    expect(inconnu.statusCode).toBe(404);
    expect((await reponse(`siret=${dehors.siret}`)).json.operateurs[0]!.operateur).toBeNull();

    const r = await habiliter(corps);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json<{ id: string }>().id).toBe(String(dehors.id));
    const habs = await lignes(
      ctx.database.db,
      sql`select statut, date_di::text as "dateDi" from habilitation
           where personne_morale_id = ${dehors.id} and aop_igp_id = ${label.aopIgpId}`,
      z.object({ statut: colonne.texte, dateDi: colonne.texte }),
    );
    expect(habs).toEqual([{ statut: 'EN_ATTENTE', dateDi: '2026-03-02' }]);
    // The act that brought another ODG's operator into this perimeter is in the journal, once.
    const journal = await lignes(
      ctx.database.db,
      sql`select details->>'aopIgpId' as "aopIgpId" from journal_action
           where action = 'HABILITATION_OPERATEUR_EXISTANT' and entite_id = ${dehors.id}`,
      z.object({ aopIgpId: colonne.texte }),
    );
    expect(journal).toEqual([{ aopIgpId: String(label.aopIgpId) }]);
    const apres = (await reponse(`siret=${dehors.siret}`)).json.operateurs[0]!;
    expect(apres.operateur?.id).toBe(String(dehors.id));
    const fiche = await ctx.app.inject({
      url: `/api/fiche/morale/${dehors.id}`,
      headers: bearer(animateur, droits[0]),
    });
    expect(fiche.statusCode).toBe(200);
  });
});
