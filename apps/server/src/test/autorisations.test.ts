import { SignJWT } from 'jose';
import type { z } from 'zod';
import {
  demandeIdentificationSchema,
  habilitationEcritureSchema,
  habilitationPatchSchema,
} from '@estive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { multipart } from '../modules/comptes/comptes.test-helpers';
import { corpsPush } from '../modules/synchro/synchro.test-helpers';
import {
  appAvecRoutes,
  cheminAvec,
  EXEMPLES_CORPS,
  exempleValide,
  requete,
  type Route,
} from './routes.test-helpers';
import { bearer, login, type TestContext } from './test-app';

/**
 * Issue 13 §8: the authorisation matrix, generated from the route table. Every endpoint Fastify
 * registers × every identity (role and active right) × own and foreign perimeter × no, forged and
 * expired token. A route that appears in none of the tables below fails the first test: a new
 * endpoint is covered or the suite says so.
 */

import {
  estDoc,
  PARAMETRES,
  PUBLIQUES,
  RESTREINTS_ODG_REF,
  ROLES,
  type Ressource,
  type Role,
} from './autorisations.routes-table';

/** Bodies the generator cannot make valid by itself (multipart, cross-field rules). */
type Corps = { payload?: unknown; headers?: Record<string, string> };
const CORPS: Record<string, (p: Perimetre) => Corps> = {
  'POST /api/synchro/controle': () => corpsPush({ controles: [] }),
  // JSON or multipart, read by the handler (habilitation.routes): no route schema to sample.
  'POST /api/habilitation': () => ({ payload: exige(habilitationEcritureSchema) }),
  'POST /api/habilitation/modifie/:id': () => ({ payload: exige(habilitationPatchSchema) }),
  'POST /api/habilitation/demande-identification': () => ({
    payload: exige(demandeIdentificationSchema),
  }),
  // A controller of the perimeter, so that only the control decides.
  'POST /api/controles/:id/controleur': (p) => ({ payload: { controleurId: p.controleur } }),
  'POST /api/tournee/initialise': (p) => ({ payload: { controleurId: p.controleur } }),
  'PUT /api/tournee/:id/modifie': (p) => ({ payload: { controleurId: p.controleur } }),
  // Accounts of the perimeter's ODG; a password the rules accept (no generator finds one).
  'POST /api/utilisateur': (p) => ({
    payload: { ...COMPTE_EXEMPLE, odgIds: [String(p.odg)] },
  }),
  'PATCH /api/utilisateur/:id': () => ({ payload: { nom: 'Matrice' } }),
  'POST /api/principal/mot-de-passe': () => ({
    payload: EXEMPLES_CORPS['POST /api/principal/mot-de-passe'],
  }),
  // Multipart, read by the handler (comptes.routes); a dry run of one line.
  'POST /api/utilisateur/import': () =>
    multipart('mail;nom;prenom;role;odg\nmatrice@odg.test;Matrice;Ada;CONTROLEUR;ODG inconnu'),
};

const COMPTE_EXEMPLE = EXEMPLES_CORPS['POST /api/utilisateur'] as Record<string, unknown>;

function exige(schema: z.ZodType): unknown {
  const v = exempleValide(schema, false);
  if (v === undefined) throw new Error('aucun exemple valide');
  return v;
}

interface Identite {
  nom: string;
  role: Role;
  login: string;
  /** The ODG key of the active right the identity sends. */
  odg: 'comte' | 'auvergne';
}
const IDENTITES: Identite[] = [
  { nom: 'CNAOL sur Comté', role: 'CNAOL', login: 'cnaol@estive.test', odg: 'comte' },
  { nom: 'animateur sur Comté', role: 'ANIMATEUR', login: 'animateur@estive.test', odg: 'comte' },
  {
    nom: 'animateur sur Auvergne',
    role: 'ANIMATEUR',
    login: 'animateur@estive.test',
    odg: 'auvergne',
  },
  { nom: 'contrôleur Comté', role: 'CONTROLEUR', login: 'controleur@estive.test', odg: 'comte' },
];

interface Perimetre {
  odg: number;
  /** The active right's type: ODG or ODG_REFERENTE (the settings' restrictOdgRef). */
  typeDroit: string;
  droit: string;
  controleur: string;
  /** Rows of this perimeter and rows of another, by kind (ids as text). */
  propres: Record<Ressource, string>;
  etrangers: Record<Ressource, string>;
  /** Markers that must never come back to this perimeter: SIRETs and report numbers of others. */
  siretsEtrangers: Set<string>;
  numerosEtrangers: Set<string>;
  raisonsEtrangeres: Set<string>;
}

let ctx: TestContext;
let routes: Route[];
const jetons = new Map<string, string>();
const perimetres = new Map<string, Perimetre>();
/** A right that is not the identity's own (another user's): X-Droit-Actif must refuse it. */
const droitsEtrangers = new Map<string, string>();
let jetonsInvalides: Record<string, string>;
const compte = { requetes: 0, cinqCents: 0, fuites: 0 };

const un = async (requeteSql: ReturnType<typeof sql>) =>
  (await queryRows<{ id: string | number }>(ctx.database.db, requeteSql)).at(0)?.id;
const INEXISTANT = '987654321';

async function perimetre(identite: Identite, utilisateurId: number): Promise<Perimetre> {
  const db = ctx.database.db;
  const [droit] = await queryRows<{ id: number; odg: number; type: string }>(
    db,
    sql`select d.id, d.organisme_id as odg, o.type from droit d join organisme o on o.id = d.organisme_id
        where d.utilisateur_id = ${utilisateurId} and o.mail = ${`contact@${identite.odg}.odg.test`}`,
  );
  if (!droit) throw new Error(`pas de droit ${identite.odg} pour ${identite.login}`);
  const P = droit.odg;
  const droitId = droit.id;
  const controleur = identite.role === 'CONTROLEUR' ? utilisateurId : null;
  const c = (x: string | number | undefined) => (x === undefined ? INEXISTANT : String(x));
  const ids = async (dansP: boolean): Promise<Record<Ressource, string>> => {
    const dans = dansP ? sql`=` : sql`<>`;
    return {
      morale: c(
        await un(
          dansP
            ? sql`select id from personne_morale where odg_ids = array[${P}]::bigint[] and deleted_at is null order by id limit 1`
            : sql`select id from personne_morale where not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}' and deleted_at is null order by id limit 1`,
        ),
      ),
      // personne-physique.repository: of the ODG, or holding a right on it.
      physique: c(
        await un(
          sql`select pp.id from personne_physique pp where ${dansP} = (pp.organisme_id = ${P}
              or exists (select 1 from utilisateur u join droit d on d.utilisateur_id = u.id
                         where u.personne_physique_id = pp.id and d.organisme_id = ${P}))
              order by pp.id limit 1`,
        ),
      ),
      controle: c(
        await un(
          sql`select id from controle where odg_id ${dans} ${P} and statut = 'PROGRAMME'
              and (${controleur}::bigint is null or not ${dansP} or controleur_id = ${controleur})
              order by id limit 1`,
        ),
      ),
      droit: c(
        dansP
          ? droitId
          : await un(sql`select id from droit where organisme_id <> ${P} order by id limit 1`),
      ),
      manquement: c(
        await un(
          sql`select m.id from manquement m join aop_igp a on a.id = m.aop_igp_id
              where a.odg_id ${dans} ${P} order by m.id limit 1`,
        ),
      ),
      tirage: c(await un(sql`select id from tirage where odg_id ${dans} ${P} order by id limit 1`)),
      habilitation: c(
        await un(
          sql`select h.id from habilitation h join aop_igp a on a.id = h.aop_igp_id
              where a.odg_id ${dans} ${P} order by h.id limit 1`,
        ),
      ),
      groupe: c(await un(sql`select id from groupe where odg_id ${dans} ${P} order by id limit 1`)),
      conflit: c(
        await un(
          sql`select k.id from controle_conflit k join controle c on c.id = k.controle_id
              where c.odg_id ${dans} ${P} order by k.id limit 1`,
        ),
      ),
      // A controller's own round, once finalised (he never reads one in preparation).
      tournee: c(
        await un(
          sql`select id from tournee where odg_id ${dans} ${P} and statut <> 'PREPARATION'
              and (${controleur}::bigint is null or not ${dansP} or controleur_id = ${controleur})
              order by id limit 1`,
        ),
      ),
      odg: c(
        dansP
          ? P
          : await un(
              sql`select id from organisme where type = 'ODG' and id <> ${P} order by id limit 1`,
            ),
      ),
      fichierHabilitation: c(
        await un(
          sql`select f.id from fichier f join habilitation h on h.id = f.habilitation_id
              join aop_igp a on a.id = h.aop_igp_id where a.odg_id ${dans} ${P} order by f.id limit 1`,
        ),
      ),
      fichier: c(
        await un(
          sql`select f.id from fichier f join controle c on c.id = f.controle_id
              where c.odg_id ${dans} ${P} order by f.id limit 1`,
        ),
      ),
      campagne: c(
        await un(sql`select id from campagne where odg_id ${dans} ${P} order by id limit 1`),
      ),
      // National lists: the 'foreign' row is a deleted one (completerDonnees), never to be touched.
      categorie: c(
        await un(
          sql`select id from categorie where (deleted_at is null) = ${dansP} order by id limit 1`,
        ),
      ),
      pointControle: c(
        await un(
          sql`select id from point_controle where (deleted_at is null) = ${dansP} order by id limit 1`,
        ),
      ),
      aopIgp: c(
        await un(sql`select id from aop_igp where odg_id ${dans} ${P} order by id limit 1`),
      ),
      groupeSysExp: c(
        await un(
          sql`select id from groupe_sys_exp where odg_id ${dans} ${P} and deleted_at is null
              order by id limit 1`,
        ),
      ),
      referentiel: c(
        await un(
          sql`select r.id from referentiel r join aop_igp a on a.id = r.aop_igp_id
              where a.odg_id ${dans} ${P} and r.deleted_at is null order by r.id limit 1`,
        ),
      ),
      // A line a point reads: deleting it is refused, so the matrix leaves the grid whole.
      pointSysExp: c(
        await un(
          sql`select l.id from point_sys_exp l join groupe_sys_exp g on g.id = l.groupe_sys_exp_id
              where g.odg_id ${dans} ${P} and l.deleted_at is null
                and exists (select 1 from point_controle_aop pa where pa.point_sys_exp_id = l.id
                              and pa.deleted_at is null)
              order by l.id limit 1`,
        ),
      ),
      // An account wholly of this ODG that none of the identities uses (the matrix deactivates
      // it); the foreign one holds no right on the ODG.
      utilisateur: c(
        await un(
          dansP
            ? sql`select u.id from utilisateur u where 'ROLE_CONTROLEUR' = any(u.roles)
                  and u.login not in ('cnaol@estive.test', 'animateur@estive.test', 'controleur@estive.test')
                  and exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${P})
                  and not exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id <> ${P})
                  order by u.id desc limit 1`
            : sql`select u.id from utilisateur u
                  where not exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${P})
                  order by u.id limit 1`,
        ),
      ),
    };
  };
  const texte = (rows: { v: string | number }[]) => new Set(rows.map((r) => String(r.v)));
  return {
    odg: P,
    typeDroit: droit.type,
    droit: String(droit.id),
    controleur: c(
      await un(
        sql`select u.id from utilisateur u join droit d on d.utilisateur_id = u.id
            where d.organisme_id = ${P} and 'ROLE_CONTROLEUR' = any(u.roles) order by u.id limit 1`,
      ),
    ),
    propres: await ids(true),
    etrangers: await ids(false),
    siretsEtrangers: texte(
      await queryRows(
        db,
        sql`select siret as v from personne_morale where siret is not null
            and not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}'`,
      ),
    ),
    numerosEtrangers: texte(
      await queryRows(db, sql`select numero_rapport as v from controle where odg_id <> ${P}`),
    ),
    // Names no row of the perimeter shares (demo names repeat across ODGs).
    raisonsEtrangeres: texte(
      await queryRows(
        db,
        sql`select raison_sociale as v from personne_morale
            where not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}'
            except select raison_sociale from personne_morale
            where odg_ids @> array[${P}]::bigint[] or odg_ids = '{}'
            except select raison_sociale from organisme`,
      ),
    ),
  };
}

/** Foreign rows a 200 body carries: by SIRET, report number, or operator name. */
function fuites(corps: unknown, p: Perimetre, chemin = ''): string[] {
  if (Array.isArray(corps)) return corps.flatMap((x, i) => fuites(x, p, `${chemin}[${i}]`));
  if (typeof corps !== 'object' || corps === null) return [];
  const trouvees: string[] = [];
  for (const [cle, v] of Object.entries(corps)) {
    const ici = chemin ? `${chemin}.${cle}` : cle;
    const texte = typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
    if (texte !== undefined) {
      if (cle === 'siret' && p.siretsEtrangers.has(texte)) trouvees.push(`${ici}=${texte}`);
      if (cle === 'numeroRapport' && p.numerosEtrangers.has(texte.replace(/^SIQ-/, '')))
        trouvees.push(`${ici}=${texte}`);
      if (cle === 'raisonSociale' && p.raisonsEtrangeres.has(texte))
        trouvees.push(`${ici}=${texte}`);
    } else trouvees.push(...fuites(v, p, ici));
  }
  return trouvees;
}

function corpsDe(route: Route, p: Perimetre): Corps {
  const explicite = CORPS[route.cle];
  if (explicite) return explicite(p);
  if (route.cle in EXEMPLES_CORPS) return { payload: EXEMPLES_CORPS[route.cle] };
  if (!route.body) return {};
  const payload = exempleValide(route.body, false);
  if (payload === undefined) throw new Error(`${route.cle} : aucun corps valide généré`);
  return { payload };
}

function appel(
  route: Route,
  params: Record<string, string>,
  headers: Record<string, string>,
  corps: Corps,
) {
  const query = route.querystring ? exempleValide(route.querystring, true) : undefined;
  if (route.querystring && query === undefined) {
    throw new Error(`${route.cle} : aucune requête valide générée`);
  }
  compte.requetes++;
  return ctx.app.inject({
    method: route.methode as 'GET',
    url: requete(cheminAvec(route.url, params), query as Record<string, string> | undefined),
    headers: { ...headers, ...corps.headers },
    ...(corps.payload !== undefined ? { payload: corps.payload as string } : {}),
  });
}

const parametres = (route: Route, ids: Record<Ressource, string>) =>
  Object.fromEntries(
    Object.entries(PARAMETRES[route.cle] ?? {}).map(([nom, ressource]) => [nom, ids[ressource]]),
  );

/** Rows the demo lacks in some ODG (groups, draws, files), so each kind has one on each side. */
async function completerDonnees() {
  const db = ctx.database.db;
  await db.execute(sql`insert into groupe (libelle, odg_id)
    select 'Groupe de la matrice', o.id from organisme o
    where exists (select 1 from aop_igp a where a.odg_id = o.id)
      and not exists (select 1 from groupe g where g.odg_id = o.id)`);
  await db.execute(sql`insert into tirage (odg_id, campagne_id, aop_igp_id, graine, nombre, candidats, tires, utilisateur_id)
    select a.odg_id, (select id from campagne order by id limit 1), min(a.id), 'matrice', 0, '[]', '[]',
           (select id from utilisateur where login = 'cnaol@estive.test')
    from aop_igp a where not exists (select 1 from tirage t where t.odg_id = a.odg_id)
    group by a.odg_id`);
  await db.execute(sql`insert into controle_conflit (controle_id, inbox_id, base_version, version_serveur, motif, saisie)
    select min(c.id), 0, 1, 1, 'REAFFECTE', '{}'::jsonb from controle c
    where not exists (select 1 from controle_conflit k join controle c2 on c2.id = k.controle_id
                      where c2.odg_id = c.odg_id)
    group by c.odg_id`);
  await db.execute(sql`insert into fichier (type_document, file_name, mime_type, taille, sha256, contenu, controle_id)
    select 'RAPPORT_AUDIT', 'matrice.pdf', 'application/pdf', 4,
           '3c6a1b9f0d2f7e2a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a', '\x25504446'::bytea, min(c.id)
    from controle c where not exists
      (select 1 from fichier f join controle c2 on c2.id = f.controle_id where c2.odg_id = c.odg_id)
    group by c.odg_id`);
  // The demo seeds no category × activity matrix and not every ODG has a DI file.
  await db.execute(sql`insert into categorie_activite (categorie_id, activite_id, organisme_id)
    select (select id from categorie order by id limit 1), min(x.activite_id), a.odg_id
    from aop_igp a join activite_aop x on x.aop_igp_id = a.id
    where not exists (select 1 from categorie_activite ca where ca.organisme_id = a.odg_id)
    group by a.odg_id`);
  await db.execute(sql`insert into fichier (type_document, file_name, mime_type, taille, sha256, contenu, personne_morale_id, habilitation_id)
    select 'DI', 'matrice-di.pdf', 'application/pdf', 4,
           '3c6a1b9f0d2f7e2a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7b', '\x25504446'::bytea,
           (select personne_morale_id from habilitation where id = min(h.id)), min(h.id)
    from habilitation h join aop_igp a on a.id = h.aop_igp_id
    where not exists (select 1 from fichier f join habilitation h2 on h2.id = f.habilitation_id
                      join aop_igp a2 on a2.id = h2.aop_igp_id where a2.odg_id = a.odg_id)
    group by a.odg_id`);
  // Deleted rows of the national lists: the settings must answer 404 for them.
  await db.execute(
    sql`insert into categorie (libelle, ordre, deleted_at) values ('Catégorie supprimée', 99, now())`,
  );
  await db.execute(sql`insert into point_controle (code, libelle, source, ordre, categorie_id, deleted_at)
    select 'SUPPR', 'Point supprimé', 'CONSTAT', 99, min(id), now() from categorie`);
}

beforeAll(async () => {
  ({ ctx, routes } = await appAvecRoutes());
  await completerDonnees();
  const db = ctx.database.db;
  for (const identite of IDENTITES) {
    if (!jetons.has(identite.login)) {
      const { accessToken } = await login(ctx.app, identite.login);
      jetons.set(identite.login, accessToken);
    }
    const [u] = await queryRows<{ id: number }>(
      db,
      sql`select id from utilisateur where login = ${identite.login}`,
    );
    if (!u) throw new Error(identite.login);
    perimetres.set(identite.nom, await perimetre(identite, u.id));
    const autre = await un(
      sql`select id from droit where utilisateur_id <> ${u.id} order by id desc limit 1`,
    );
    droitsEtrangers.set(identite.nom, String(autre));
  }
  const [sujet] = await queryRows<{ uuid: string }>(
    db,
    sql`select uuid from utilisateur where login = 'cnaol@estive.test'`,
  );
  const maintenant = Math.floor(Date.now() / 1000);
  const signer = (secret: string | Uint8Array, exp: number) =>
    new SignJWT({ roles: ['ROLE_CNAOL'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sujet?.uuid ?? '')
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
  jetonsInvalides = {
    forge: await signer('un-autre-secret-un-autre-secret-1234567', maintenant + 900),
    expire: await signer(ctx.config.jwtSecret, maintenant - 60),
    illisible: 'pas.un.jeton',
  };
}, 120_000);

afterAll(async () => {
  console.info(
    `matrice d'autorisation : ${compte.requetes} requêtes, ${compte.cinqCents} × 5xx, ${compte.fuites} fuite(s)`,
  );
  await ctx.close();
});

describe('authorisation matrix (every route Fastify registers)', () => {
  it('every route is public, documentation, or in the role table (none forgotten, none stale)', () => {
    const cles = routes.filter((r) => !estDoc(r)).map((r) => r.cle);
    const inconnues = cles.filter((c) => !PUBLIQUES.has(c) && !(c in ROLES));
    expect(inconnues, 'routes absentes de ROLES ou PUBLIQUES').toEqual([]);
    const perimees = [...Object.keys(ROLES), ...PUBLIQUES].filter((c) => !cles.includes(c));
    expect(perimees, 'entrées qui ne sont plus des routes').toEqual([]);
    const sansParametres = routes.filter(
      (r) => r.url.includes(':') && !PUBLIQUES.has(r.cle) && !PARAMETRES[r.cle],
    );
    expect(
      sansParametres.map((r) => r.cle),
      'routes à paramètres absentes de PARAMETRES',
    ).toEqual([]);
  });

  it('each identity has a row of its own and a foreign row of every kind (no vacuous check)', () => {
    for (const [nom, p] of perimetres) {
      for (const cote of [p.propres, p.etrangers]) {
        const manquants = Object.entries(cote).filter(([, id]) => id === INEXISTANT);
        expect(manquants, nom).toEqual([]);
      }
      expect(p.siretsEtrangers.size, nom).toBeGreaterThan(0);
      expect(p.numerosEtrangers.size, nom).toBeGreaterThan(0);
    }
  });
});

describe.each(Object.keys(ROLES))('%s', (cle) => {
  const route = () => {
    const r = routes.find((x) => x.cle === cle);
    if (!r) throw new Error(`${cle} n'est plus une route`);
    return r;
  };

  it('401 in French without a token, with a forged, an expired or an unreadable one', async () => {
    const r = route();
    const p = perimetres.get('CNAOL sur Comté');
    if (!p) throw new Error('périmètre');
    const cas: [string, Record<string, string>][] = [
      ['sans jeton', {}],
      ['schéma Basic', { authorization: 'Basic Y25hb2w6ZXN0aXZl' }],
      ...Object.entries(jetonsInvalides).map(([nom, jeton]): [string, Record<string, string>] => [
        nom,
        bearer(jeton, p.droit),
      ]),
    ];
    for (const [nom, headers] of cas) {
      const res = await appel(r, parametres(r, p.propres), headers, corpsDe(r, p));
      expect(res.statusCode, nom).toBe(401);
      expect(res.json<{ message: string }>().message, nom).toMatch(/Authentification|Jeton/);
    }
  });

  it('a right that is not the user’s own (X-Droit-Actif) is 403', async () => {
    const r = route();
    for (const identite of IDENTITES.filter((i) => i.role !== 'CNAOL')) {
      const p = perimetres.get(identite.nom);
      if (!p) throw new Error(identite.nom);
      const jeton = jetons.get(identite.login) ?? '';
      for (const droit of [droitsEtrangers.get(identite.nom) ?? '', 'abc']) {
        const res = await appel(r, parametres(r, p.propres), bearer(jeton, droit), corpsDe(r, p));
        expect(res.statusCode, `${identite.nom}, droit ${droit}`).toBe(403);
      }
    }
  });

  it('each role: refused without the right; with it, no foreign row, foreign ids refused', async () => {
    const r = route();
    const ecarts: string[] = [];
    for (const identite of IDENTITES) {
      const p = perimetres.get(identite.nom);
      if (!p) throw new Error(identite.nom);
      const headers = bearer(jetons.get(identite.login) ?? '', p.droit);
      const autorise =
        (ROLES[cle] ?? []).includes(identite.role) &&
        !(RESTREINTS_ODG_REF.has(cle) && identite.role === 'ANIMATEUR' && p.typeDroit !== 'ODG');
      const propre = await appel(r, parametres(r, p.propres), headers, corpsDe(r, p));
      const s = propre.statusCode;
      if (s >= 500) compte.cinqCents++;
      if (!autorise && s !== 403 && s !== 404)
        ecarts.push(`${identite.nom} sans le droit : ${s} ${propre.body.slice(0, 200)}`);
      if (autorise && (s === 401 || s === 403 || s >= 500))
        ecarts.push(`${identite.nom} : ${s} ${propre.body.slice(0, 200)}`);
      if (s === 200 && propre.headers['content-type']?.toString().includes('json')) {
        const f = fuites(propre.json(), p);
        compte.fuites += f.length;
        if (f.length) ecarts.push(`${identite.nom} : fuite ${f.slice(0, 3).join(', ')}`);
      }
      if (!autorise || !PARAMETRES[cle]) continue;
      const etranger = await appel(r, parametres(r, p.etrangers), headers, corpsDe(r, p));
      if (etranger.statusCode >= 500) compte.cinqCents++;
      if (etranger.statusCode !== 403 && etranger.statusCode !== 404) {
        if (etranger.statusCode === 200) compte.fuites++;
        ecarts.push(
          `${identite.nom}, ligne d'un autre périmètre ${JSON.stringify(parametres(r, p.etrangers))} : ${etranger.statusCode}`,
        );
      }
    }
    if (ecarts.length) console.error(`@@ ${cle}\n${ecarts.join('\n')}`);
    expect(ecarts.join('\n')).toBe('');
  });
});
