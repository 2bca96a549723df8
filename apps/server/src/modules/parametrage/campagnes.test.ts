import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Campagne } from '@estive/contracts';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import { premier } from '../../test/test-app';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  ctx,
  droitAuvergne,
  droitCnaolAuvergne,
  droitCnaolComte,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

describe('campaigns (/api/campagne)', () => {
  it('CNAOL creates the current campaign of the active ODG; the former current one loses the flag', async () => {
    const avant = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(avant.filter((k) => k.courante)).toHaveLength(1);
    const res = await appel('POST', '/api/campagne', cnaol, droitCnaolComte, {
      libelle: 'Campagne 2031',
      debut: '2031-01-01',
      fin: '2031-12-31',
      courante: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const creee = res.json<Campagne>();
    expect(creee).toMatchObject({ libelle: 'Campagne 2031', courante: true, tournees: 0 });
    const apres = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(apres.filter((k) => k.courante).map((k) => k.id)).toEqual([creee.id]);
    expect(premier(apres).id).toBe(creee.id);
    // Another ODG's list does not show it, and its current campaign is untouched.
    const auvergne = (await appel('GET', '/api/campagne', cnaol, droitCnaolAuvergne)).json<
      Campagne[]
    >();
    expect(auvergne.some((k) => k.id === creee.id)).toBe(false);
    expect(auvergne.filter((k) => k.courante)).toHaveLength(1);

    // A round created without a campaign is filed under the ODG's current one (trigger).
    const t = await premiereLigne(
      ctx.database.db,
      sql`insert into tournee (odg_id, debut, fin, statut)
          select o.id, '2031-03-02', '2031-03-06', 'PREPARATION' from organisme o
           where o.mail = 'contact@comte.odg.test' returning campagne_id::text as campagne`,
      z.object({ campagne: colonne.texte.nullable() }),
    );
    expect(t?.campagne).toBe(creee.id);
    const compte = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(compte.find((k) => k.id === creee.id)?.tournees).toBe(1);
  });

  it('refuses an end before the start with a French field error; PATCH keeps one current', async () => {
    const res = await appel('POST', '/api/campagne', animateur, droitComte, {
      libelle: 'Campagne à l’envers',
      debut: '2032-12-31',
      fin: '2032-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fieldErrors: [
        { field: 'fin', defaultMessage: 'La date de fin doit être postérieure à la date de début' },
      ],
    });
    const vide = await appel('POST', '/api/campagne', animateur, droitComte, {
      libelle: '  ',
      debut: '2032-01-01',
      fin: '2032-12-31',
    });
    expect(vide.statusCode).toBe(400);
    expect(
      vide.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>().fieldErrors,
    ).toContainEqual({
      field: 'libelle',
      defaultMessage: 'Ce champ est obligatoire',
    });

    const liste = (await appel('GET', '/api/campagne', animateur, droitComte)).json<Campagne[]>();
    const ancienne = premier(liste.filter((k) => !k.courante));
    const patch = await appel('PATCH', `/api/campagne/${ancienne.id}`, animateur, droitComte, {
      courante: true,
      libelle: 'Campagne reprise',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const apres = (await appel('GET', '/api/campagne', animateur, droitComte)).json<Campagne[]>();
    expect(apres.filter((k) => k.courante).map((k) => k.libelle)).toEqual(['Campagne reprise']);
    const finAvant = await appel('PATCH', `/api/campagne/${ancienne.id}`, animateur, droitComte, {
      fin: '1999-01-01',
    });
    expect(finAvant.statusCode).toBe(400);
  });

  it('is refused to a controller, to an animator under an ODG_REFERENTE right, and across ODGs', async () => {
    expect((await appel('GET', '/api/campagne', controleur)).statusCode).toBe(403);
    expect((await appel('GET', '/api/campagne', animateur, droitAuvergne)).statusCode).toBe(403);
    const auvergne = (await appel('GET', '/api/campagne', cnaol, droitCnaolAuvergne)).json<
      Campagne[]
    >();
    const etrangere = premier(auvergne);
    const res = await appel('PATCH', `/api/campagne/${etrangere.id}`, animateur, droitComte, {
      libelle: 'Piratée',
    });
    expect(res.statusCode).toBe(404);
    const k = await premiereLigne(
      ctx.database.db,
      sql`select libelle from campagne where id = ${Number(etrangere.id)}`,
      z.object({ libelle: colonne.texte }),
    );
    expect(k?.libelle).toBe(etrangere.libelle);
  });
});
