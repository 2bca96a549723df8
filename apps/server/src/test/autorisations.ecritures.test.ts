import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import { ouvrirBureau } from './bureau.test-helpers';
import { bearer, type TestContext } from './test-app';

/**
 * Issue 28 item 3: the write perimeter across ODGs, case by case (the generated matrix sends one
 * own and one foreign id per route; these are the rows between the two). A person is written by
 * who manages their account (the `Comptes` rule), or, without an account, by their employer ODG;
 * an operator without habilitation by the ODG that created it or by CNAOL; an anonymisation follows
 * the same owners. A row the ODG sees but does not own is 403 with the reason, one it does not see
 * 404. Refused writes change nothing (checked after each).
 */
let ctx: TestContext;
let animateur: string, cnaol: string;
/** The animateur's rights on Comté and Auvergne, and CNAOL's on the same ODGs. */
let comte: string, auvergne: string, cnaolComte: string, cnaolAuvergne: string;
const ids: Record<string, string> = {};

const ecrire = (method: 'POST' | 'PATCH', url: string, jeton: string, droit: string, p = {}) =>
  ctx.app.inject({ method, url, headers: bearer(jeton, droit), payload: p });
const un = async (requete: ReturnType<typeof sql>) =>
  String((await lignes(ctx.database.db, requete, z.object({ id: colonne.entier })))[0]?.id);

/** A person with an account holding rights on these ODGs (none signs in with it). */
async function personneAvecCompte(login: string, role: string, odgs: string[], actif: boolean) {
  const pp = await un(sql`insert into personne_physique (nom, prenom, mail, organisme_id)
    values ('Compte', ${login}, ${login}, (select organisme_id from droit where id = ${Number(comte)}))
    returning id`);
  const u =
    await un(sql`insert into utilisateur (login, password_hash, roles, personne_physique_id, actif)
    values (${login}, 'x', array[${role}]::text[], ${Number(pp)}, ${actif}) returning id`);
  for (const droit of odgs)
    await ctx.database.db.execute(sql`insert into droit (utilisateur_id, organisme_id)
      select ${Number(u)}, organisme_id from droit where id = ${Number(droit)}`);
  return pp;
}

beforeAll(async () => {
  let droits: string[];
  ({ ctx, animateur, cnaol, droits } = await ouvrirBureau());
  [comte = '', auvergne = ''] = droits;
  const droitCnaol = (droit: string) =>
    un(sql`select d.id from droit d join utilisateur u on u.id = d.utilisateur_id
           where u.login = 'cnaol@estive.test'
             and d.organisme_id = (select organisme_id from droit where id = ${Number(droit)})`);
  cnaolComte = await droitCnaol(comte);
  cnaolAuvergne = await droitCnaol(auvergne);
  const personne = (login: string) =>
    un(sql`select personne_physique_id as id from utilisateur where login = ${login}`);
  ids.helene = await personne('cnaol@estive.test');
  ids.claire = await personne('controleur@estive.test');
  ids.deuxOdg = await personneAvecCompte('deux.odg@estive.test', 'ROLE_CONTROLEUR', droits, true);
  ids.exCnaol = await personneAvecCompte('ex.cnaol@estive.test', 'ROLE_CNAOL', droits, false);
  const employe = await ecrire('POST', '/api/personne-physique', animateur, comte, {
    nom: 'Salarié',
    prenom: 'Comté',
  });
  ids.employe = employe.json<{ id: string }>().id;
  const creer = async (siret: string, droit: string) =>
    (
      await ecrire('POST', '/api/personne-morale', animateur, droit, {
        raisonSociale: `Fromagerie ${siret}`,
        siret,
      })
    ).json<{ id: string }>().id;
  ids.creeComte = await creer('91000000000011', comte);
  ids.creeComte2 = await creer('91000000000012', comte);
  ids.creeComte3 = await creer('91000000000013', comte);
  // Created before the creator was recorded (migration 0027): no ODG owns it, CNAOL does.
  ids.ancien = await un(sql`insert into personne_morale (siret, raison_sociale)
    values ('91000000000014', 'Fromagerie ancienne') returning id`);
  const [aop] = await lignes(
    ctx.database.db,
    sql`select a.id as aop, x.activite_id as activite from aop_igp a
        join activite_aop x on x.aop_igp_id = a.id
        where a.odg_id = (select organisme_id from droit where id = ${Number(auvergne)})
        order by a.id, x.id limit 1`,
    z.object({ aop: colonne.entier, activite: colonne.entier }),
  );
  ids.aopAuvergne = String(aop?.aop);
  ids.activiteAuvergne = String(aop?.activite);
}, 120_000);
afterAll(() => ctx.close());

interface Cas {
  cas: string;
  attendu: number;
  requete: () => ReturnType<typeof ecrire>;
}
const patchPersonne = (id: string, jeton: () => string, droit: () => string): Cas['requete'] => {
  return () =>
    ecrire('PATCH', `/api/personne-physique/${ids[id]}`, jeton(), droit(), {
      telephone: '0102030405',
    });
};
const A = () => animateur;
const C = () => cnaol;
const CO = () => comte;
const AU = () => auvergne;

/** In order: refused cases first, then allowed ones (an anonymisation cannot be undone). */
const CAS: Cas[] = [
  // (a) people
  {
    cas: 'animateur Auvergne modifie Hélène (CNAOL)',
    attendu: 403,
    requete: patchPersonne('helene', A, AU),
  },
  {
    cas: 'animateur Comté modifie Hélène (CNAOL)',
    attendu: 403,
    requete: patchPersonne('helene', A, CO),
  },
  {
    cas: 'animateur Auvergne modifie un contrôleur Comté + Auvergne',
    attendu: 403,
    requete: patchPersonne('deuxOdg', A, AU),
  },
  {
    cas: 'animateur Auvergne modifie Claire (contrôleur Comté)',
    attendu: 404,
    requete: patchPersonne('claire', A, AU),
  },
  {
    cas: 'animateur Auvergne modifie un salarié de Comté sans compte',
    attendu: 404,
    requete: patchPersonne('employe', A, AU),
  },
  {
    cas: 'animateur Comté anonymise un ancien CNAOL (compte fermé)',
    attendu: 403,
    requete: () =>
      ecrire('POST', `/api/personne-physique/anonymisation/${ids.exCnaol}`, animateur, comte),
  },
  {
    cas: 'animateur Comté modifie Claire (contrôleur Comté)',
    attendu: 200,
    requete: patchPersonne('claire', A, CO),
  },
  {
    cas: 'animateur Comté modifie son salarié sans compte',
    attendu: 200,
    requete: patchPersonne('employe', A, CO),
  },
  {
    cas: 'CNAOL sur Auvergne modifie Hélène',
    attendu: 200,
    requete: patchPersonne('helene', C, () => cnaolAuvergne),
  },
  {
    cas: 'CNAOL sur Auvergne modifie le contrôleur Comté + Auvergne',
    attendu: 200,
    requete: patchPersonne('deuxOdg', C, () => cnaolAuvergne),
  },
  {
    cas: 'CNAOL sur Auvergne anonymise l’ancien CNAOL',
    attendu: 200,
    requete: () =>
      ecrire('POST', `/api/personne-physique/anonymisation/${ids.exCnaol}`, cnaol, cnaolAuvergne),
  },
  // (b) operators without habilitation
  ...(
    [
      [
        'modifie',
        'PATCH',
        (id: string) => `/api/personne-morale/${id}`,
        { telephone1: '0102030405' },
      ],
      [
        'ajoute un site à',
        'POST',
        (id: string) => `/api/personne-morale/${id}/sites`,
        { libelle: 'Cave' },
      ],
      ['ajoute un contact à', 'POST', () => '/api/fonction', { nom: 'Contact' }],
      ['anonymise', 'POST', (id: string) => `/api/personne-morale/anonymisation/${id}`, {}],
    ] as const
  ).flatMap(([quoi, method, url, corps]): Cas[] => [
    {
      cas: `animateur Auvergne ${quoi} un opérateur créé par Comté, sans habilitation`,
      attendu: 403,
      requete: () =>
        ecrire(method, url(ids.creeComte ?? ''), animateur, auvergne, {
          ...corps,
          ...(quoi === 'ajoute un contact à' ? { personneMoraleId: ids.creeComte } : {}),
        }),
    },
    {
      cas: `animateur Comté ${quoi} un opérateur ancien sans créateur ni habilitation`,
      attendu: 403,
      requete: () =>
        ecrire(method, url(ids.ancien ?? ''), animateur, comte, {
          ...corps,
          ...(quoi === 'ajoute un contact à' ? { personneMoraleId: ids.ancien } : {}),
        }),
    },
  ]),
  {
    cas: 'animateur Comté modifie l’opérateur qu’il a créé',
    attendu: 200,
    requete: () =>
      ecrire('PATCH', `/api/personne-morale/${ids.creeComte}`, animateur, comte, {
        ville: 'Poligny',
      }),
  },
  {
    cas: 'animateur Auvergne habilite sur son label un opérateur créé par Comté',
    attendu: 201,
    requete: () =>
      ecrire('POST', '/api/habilitation', animateur, auvergne, {
        personneMoraleId: ids.creeComte2,
        aopIgpId: ids.aopAuvergne,
        activiteId: ids.activiteAuvergne,
        statut: 'EN_ATTENTE',
      }),
  },
  {
    cas: 'animateur Auvergne modifie cet opérateur, désormais habilité chez lui',
    attendu: 200,
    requete: () =>
      ecrire('PATCH', `/api/personne-morale/${ids.creeComte2}`, animateur, auvergne, {
        ville: 'Salers',
      }),
  },
  {
    cas: 'CNAOL sur Auvergne modifie l’opérateur ancien',
    attendu: 200,
    requete: () =>
      ecrire('PATCH', `/api/personne-morale/${ids.ancien}`, cnaol, cnaolAuvergne, {
        ville: 'Paris',
      }),
  },
  {
    cas: 'animateur Comté anonymise l’opérateur qu’il a créé',
    attendu: 200,
    requete: () =>
      ecrire('POST', `/api/personne-morale/anonymisation/${ids.creeComte}`, animateur, comte),
  },
  {
    cas: 'CNAOL sur Auvergne anonymise un opérateur créé par Comté',
    attendu: 200,
    requete: () =>
      ecrire('POST', `/api/personne-morale/anonymisation/${ids.creeComte3}`, cnaol, cnaolAuvergne),
  },
  {
    cas: 'CNAOL sur Comté anonymise l’opérateur ancien',
    attendu: 200,
    requete: () =>
      ecrire('POST', `/api/personne-morale/anonymisation/${ids.ancien}`, cnaol, cnaolComte),
  },
];

describe('the write perimeter across ODGs (issue 28 item 3)', () => {
  it('each case answers as the rule says; a refusal changes nothing', async () => {
    const lignes: string[] = [];
    const ecarts: string[] = [];
    for (const c of CAS) {
      const avant = await empreinte();
      const res = await c.requete();
      lignes.push(`${c.cas} → ${res.statusCode}`);
      if (res.statusCode !== c.attendu)
        ecarts.push(`${c.cas} : ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.statusCode >= 400 && (await empreinte()) !== avant)
        ecarts.push(`${c.cas} : refusé mais écrit`);
      if (res.statusCode === 403)
        expect(res.json<{ message: string }>().message, c.cas).toMatch(
          /opérateur sans habilitation|Seul qui gère son compte/,
        );
    }
    console.info(lignes.join('\n'));
    expect(ecarts.join('\n')).toBe('');
  });
});

/** What the refused writes could have touched: the people, operators, sites and contacts. */
async function empreinte() {
  const [r] = await lignes(
    ctx.database.db,
    sql`select md5(concat_ws('|',
          (select string_agg(concat_ws(',', id, nom, prenom, mail, telephone, anonymise), ';' order by id) from personne_physique),
          (select string_agg(concat_ws(',', id, raison_sociale, ville, telephone1, deleted_at), ';' order by id) from personne_morale where id >= ${Number(ids.creeComte)}),
          (select count(*) from site), (select count(*) from contact))) as e`,
    z.object({ e: colonne.texte }),
  );
  return r?.e ?? '';
}
