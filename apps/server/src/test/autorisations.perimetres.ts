import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { colonne, lignes } from '../db/lignes';
import type { Ressource, Role } from './autorisations.routes-table';

/**
 * The authorisation matrix's world: who signs in, and for each identity a row of its perimeter and
 * a row of another of every kind a path parameter names, plus the markers (SIRETs, report
 * numbers, names) that must never come back to it.
 */

export interface Identite {
  nom: string;
  role: Role;
  login: string;
  /** The ODG key of the active right the identity sends. */
  odg: 'comte' | 'auvergne';
}
export const IDENTITES: Identite[] = [
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

export interface Perimetre {
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

/** An id the matrix sends where no row of a kind exists: the route must still refuse or 404. */
export const INEXISTANT = '987654321';

/** The id of the statement's first row, if any row. */
export const premierId = async (db: Database, requeteSql: SQL) =>
  (await lignes(db, requeteSql, z.object({ id: colonne.entier }))).at(0)?.id;

export async function perimetre(
  db: Database,
  identite: Identite,
  utilisateurId: number,
): Promise<Perimetre> {
  const un = (requeteSql: SQL) => premierId(db, requeteSql);
  const [droit] = await lignes(
    db,
    sql`select d.id, d.organisme_id as odg, o.type from droit d join organisme o on o.id = d.organisme_id
        where d.utilisateur_id = ${utilisateurId} and o.mail = ${`contact@${identite.odg}.odg.test`}`,
    z.object({ id: colonne.entier, odg: colonne.entier, type: colonne.texte }),
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
      // A site of the operator above (the site routes name both): its own, or a foreign one's.
      site: c(
        await un(
          dansP
            ? sql`select s.id from site s where s.personne_morale_id = (select id from personne_morale
                  where odg_ids = array[${P}]::bigint[] and deleted_at is null order by id limit 1)
                  order by s.id limit 1`
            : sql`select s.id from site s where s.personne_morale_id = (select id from personne_morale
                  where not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}' and deleted_at is null
                  order by id limit 1) order by s.id limit 1`,
        ),
      ),
      // personne-physique.repository: seen when of the ODG or holding a right on it; the own row is
      // one every identity of the ODG may also change (physiqueModifiable: an account wholly of the
      // ODG and not CNAOL's, or no account and employed there), and none the matrix signs in with.
      physique: c(
        await un(
          dansP
            ? sql`select pp.id from personne_physique pp where
                  case when exists (select 1 from utilisateur u where u.personne_physique_id = pp.id)
                  then not exists (select 1 from utilisateur u where u.personne_physique_id = pp.id
                         and ('ROLE_CNAOL' = any(u.roles)
                           or u.login in ('cnaol@estive.test', 'animateur@estive.test', 'controleur@estive.test')
                           or not exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${P})
                           or exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id <> ${P})))
                  else pp.organisme_id = ${P} end
                  order by pp.id limit 1`
            : sql`select pp.id from personne_physique pp where not (pp.organisme_id = ${P}
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
      // Whose right (`/api/droits/{genre}`): an office account's, the matrix's own and foreign rows.
      genreDroit: 'morale',
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
      // A directory snapshot's key names its ODG (instantane.service.ts); any part number.
      cleInstantane: `o${c(
        dansP
          ? P
          : await un(
              sql`select id from organisme where type = 'ODG' and id <> ${P} order by id limit 1`,
            ),
      )}-0-0-0`,
      partieInstantane: '0',
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
      // An operator's contact: its operator habilitated only under this ODG (one it may write), or
      // one this ODG does not see.
      contact: c(
        await un(
          dansP
            ? sql`select c.id from contact c join personne_morale pm on pm.id = c.personne_morale_id
                  where pm.odg_ids = array[${P}]::bigint[] and pm.deleted_at is null order by c.id limit 1`
            : sql`select c.id from contact c join personne_morale pm on pm.id = c.personne_morale_id
                  where not pm.odg_ids @> array[${P}]::bigint[] and pm.odg_ids <> '{}' order by c.id limit 1`,
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
  const texte = (rows: { v: string | number | null }[]) => new Set(rows.map((r) => String(r.v)));
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
      await lignes(
        db,
        sql`select siret as v from personne_morale where siret is not null
            and not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}'`,
        z.object({ v: colonne.texte }),
      ),
    ),
    numerosEtrangers: texte(
      await lignes(
        db,
        sql`select numero_rapport as v from controle where odg_id <> ${P}`,
        z.object({ v: colonne.entier.nullable() }),
      ),
    ),
    // Names no row of the perimeter shares (demo names repeat across ODGs).
    raisonsEtrangeres: texte(
      await lignes(
        db,
        sql`select raison_sociale as v from personne_morale
            where not odg_ids @> array[${P}]::bigint[] and odg_ids <> '{}'
            except select raison_sociale from personne_morale
            where odg_ids @> array[${P}]::bigint[] or odg_ids = '{}'
            except select raison_sociale from organisme`,
        z.object({ v: colonne.texte }),
      ),
    ),
  };
}

/** Foreign rows a 200 body carries: by SIRET, report number, or operator name. */

export function fuites(corps: unknown, p: Perimetre, chemin = ''): string[] {
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

/** Rows the demo lacks in some ODG (groups, draws, files), so each kind has one on each side. */
export async function completerDonnees(db: Database) {
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
