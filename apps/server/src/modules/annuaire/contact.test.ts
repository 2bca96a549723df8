import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FicheMorale } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { contact, personnePhysique } from '../../db/schema';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';
import { toutTirer } from '../synchro/synchro.test-helpers';
import { MESSAGE_DEJA_CONTACT, MESSAGE_PERSONNE_HORS_PERIMETRE } from './contact.service';

/**
 * Issue 32 item 2: an operator's contacts are linked (a new person or an existing one reused),
 * corrected and unlinked from its fiche; office roles, the operator writable by the active
 * right's ODG (in the SQL), every change pulled by devices with the operator's document.
 */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
beforeAll(async () => {
  ({ ctx, animateur, controleur, droits } = await ouvrirBureau());
});
afterAll(() => ctx.close());

const appel = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  jeton = animateur,
  droit?: string,
) => ctx.app.inject({ method, url, headers: bearer(jeton, droit), payload });
const fiche = async (id: number) =>
  (
    await ctx.app.inject({ url: `/api/fiche/morale/${id}`, headers: bearer(animateur) })
  ).json<FicheMorale>();

const ligneId = z.object({ id: colonne.entier });
/** An operator habilitated only on labels of the animateur's first ODG (Comté). */
const operateur = () =>
  ligne(
    ctx.database.db,
    sql`select p.id::int as id from personne_morale p
         where p.deleted_at is null
           and p.odg_ids = array[(select organisme_id from droit where id = ${Number(droits[0])})]::bigint[]
         order by p.id limit 1`,
    ligneId,
  );
/** A person of the ODG of right `droit`, created by its office (no account). */
async function personneDe(droit: string) {
  const res = await appel(
    'POST',
    '/api/personne-physique',
    { civilite: 'MADAME', nom: 'Cuenot', prenom: 'Odile', mail: 'odile.cuenot@exemple.fr' },
    animateur,
    droit,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: Number(res.json<{ id: string }>().id) };
}
const nbPersonnes = async () =>
  (await ctx.database.db.select({ n: count() }).from(personnePhysique))[0]?.n;

describe('an existing person reused as a contact', () => {
  it('takes its identity, links it, creates no person; twice on one operator is a 409', async () => {
    const pm = await operateur();
    const personne = await personneDe(droits[0] ?? '');
    const [p] = await ctx.database.db
      .select()
      .from(personnePhysique)
      .where(eq(personnePhysique.id, personne.id));
    const avant = await nbPersonnes();
    const res = await appel('POST', '/api/fonction', {
      personneMoraleId: pm.id,
      personnePhysiqueId: personne.id,
      // What the form sent is not the identity: the person's is.
      nom: 'Autre nom',
      fonction: 'Responsable qualité',
      telephone1: '0384000000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await nbPersonnes()).toBe(avant);
    const c = (await fiche(pm.id)).contacts.find((x) => x.id === id);
    expect(c).toMatchObject({
      nom: p?.nom,
      prenom: p?.prenom,
      fonction: 'Responsable qualité',
      telephone1: '0384000000',
      mail: p?.mail ?? null,
      personnePhysiqueId: String(personne.id),
    });

    const deux = await appel('POST', '/api/fonction', {
      personneMoraleId: pm.id,
      personnePhysiqueId: personne.id,
      nom: p?.nom ?? '',
    });
    expect(deux.statusCode).toBe(409);
    expect(deux.json<{ message: string }>().message).toBe(MESSAGE_DEJA_CONTACT);
  });

  it('a person outside the perimeter or unknown is refused on its field, nothing written', async () => {
    const pm = await operateur();
    const etrangere = await personneDe(droits[1] ?? '');
    const avant = (await fiche(pm.id)).contacts.length;
    for (const personnePhysiqueId of [etrangere.id, 987654321]) {
      const res = await appel('POST', '/api/fonction', {
        personneMoraleId: pm.id,
        personnePhysiqueId,
        nom: 'X',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fieldErrors: [
          { field: 'personnePhysiqueId', defaultMessage: MESSAGE_PERSONNE_HORS_PERIMETRE },
        ],
      });
    }
    expect((await fiche(pm.id)).contacts.length).toBe(avant);
  });
});

describe('an anonymised person', () => {
  it('takes the contacts that reused her with her: the fiche and devices lose her name', async () => {
    const pm = await operateur();
    const personne = await personneDe(droits[0] ?? '');
    const lie = await appel('POST', '/api/fonction', {
      personneMoraleId: pm.id,
      personnePhysiqueId: personne.id,
      nom: 'Cuenot',
    });
    expect(lie.statusCode, lie.body).toBe(201);
    const { id } = lie.json<{ id: string }>();
    const avant = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    const anonyme = await appel('POST', `/api/personne-physique/anonymisation/${personne.id}`);
    expect(anonyme.statusCode, anonyme.body).toBe(200);
    expect(anonyme.json<{ retire: string[] }>().retire).toContain(
      '1 contact(s) d’opérateur(s) qui la citaient retiré(s)',
    );
    expect((await fiche(pm.id)).contacts.map((x) => x.id)).not.toContain(id);
    const apres = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    const doc = apres.documents.find((d) => d.id === String(pm.id)) as unknown as
      { contacts: { id: string }[] } | undefined;
    expect(doc?.contacts).toBeDefined();
    expect(doc?.contacts.map((x) => x.id)).not.toContain(id);
  });
});

describe('correcting and unlinking a contact', () => {
  it('PATCH changes its function and phone, DELETE unlinks it; devices pull both', async () => {
    const pm = await operateur();
    const cree = await appel('POST', '/api/fonction', {
      personneMoraleId: pm.id,
      nom: 'Vuillemin',
      prenom: 'Lucie',
      fonction: 'Fromagère',
    });
    const { id } = cree.json<{ id: string }>();
    const avant = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);

    const maj = await appel('PATCH', `/api/fonction/${id}`, {
      fonction: 'Gérante',
      telephone1: '03 84 11 22 33',
      mail: 'lucie@exemple.fr',
    });
    expect(maj.statusCode, maj.body).toBe(200);
    expect((await fiche(pm.id)).contacts.find((x) => x.id === id)).toMatchObject({
      nom: 'Vuillemin',
      fonction: 'Gérante',
      mail: 'lucie@exemple.fr',
    });
    const tire = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    const doc = tire.documents.find((d) => d.id === String(pm.id)) as unknown as
      { contacts: { id: string; fonction: string | null }[] } | undefined;
    expect(doc?.contacts.find((x) => x.id === id)?.fonction).toBe('Gérante');

    const sup = await appel('DELETE', `/api/fonction/${id}`);
    expect(sup.statusCode).toBe(204);
    expect((await fiche(pm.id)).contacts.map((x) => x.id)).not.toContain(id);
    const apres = await toutTirer(ctx.app, controleur, 'annuaire-morale', tire.checkpoint, 200);
    const docApres = apres.documents.find((d) => d.id === String(pm.id)) as unknown as
      { contacts: { id: string }[] } | undefined;
    expect(docApres?.contacts.map((x) => x.id)).not.toContain(id);
    expect((await appel('DELETE', `/api/fonction/${id}`)).statusCode).toBe(404);
  });

  it('refuses a bad mail and an empty name on their fields, and a change of nothing', async () => {
    const pm = await operateur();
    const { id } = (
      await appel('POST', '/api/fonction', { personneMoraleId: pm.id, nom: 'Bourgeois' })
    ).json<{ id: string }>();
    const mail = await appel('PATCH', `/api/fonction/${id}`, { mail: 'pas-un-mail' });
    expect(mail.statusCode).toBe(400);
    expect(mail.json()).toMatchObject({
      fieldErrors: [{ field: 'mail', defaultMessage: 'Utilisez un email valide' }],
    });
    const nom = await appel('PATCH', `/api/fonction/${id}`, { nom: '' });
    expect(nom.statusCode).toBe(400);
    expect(nom.json()).toMatchObject({
      fieldErrors: [{ field: 'nom', defaultMessage: 'Ce champ est obligatoire' }],
    });
    expect((await appel('PATCH', `/api/fonction/${id}`, {})).statusCode).toBe(400);
    const [stocke] = await ctx.database.db
      .select()
      .from(contact)
      .where(eq(contact.id, Number(id)));
    expect(stocke).toMatchObject({ nom: 'Bourgeois', mail: null });
  });

  it('under another ODG the contact is not found; a controller is refused', async () => {
    const pm = await operateur();
    const { id } = (
      await appel('POST', '/api/fonction', { personneMoraleId: pm.id, nom: 'Tissot' })
    ).json<{ id: string }>();
    const autre = droits[1];
    expect(
      (await appel('PATCH', `/api/fonction/${id}`, { fonction: 'X' }, animateur, autre)).statusCode,
    ).toBe(404);
    expect(
      (await appel('DELETE', `/api/fonction/${id}`, undefined, animateur, autre)).statusCode,
    ).toBe(404);
    expect((await appel('DELETE', `/api/fonction/${id}`, undefined, controleur)).statusCode).toBe(
      403,
    );
    expect((await fiche(pm.id)).contacts.find((x) => x.id === id)).toMatchObject({
      nom: 'Tissot',
      fonction: null,
    });
  });
});
