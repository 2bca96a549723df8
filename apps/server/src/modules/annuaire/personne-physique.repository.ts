import { and, asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organisme, personnePhysique } from '../../db/schema';
import { motifContient, ordreDe } from '../../lib/paging';
import type { Ecrivain } from './perimetre';

const pp = personnePhysique;

/** People of the ODG: its employees and the holders of a right on it. */
export function physiqueDuPerimetre(odg: number): SQL {
  return sql`(${pp.organismeId} = ${odg} or exists (select 1 from utilisateur u join droit d on d.utilisateur_id = u.id
                where u.personne_physique_id = "personne_physique"."id" and d.organisme_id = ${odg}))`;
}

/**
 * People ODG `e.odg` may change (docs/decisions.md 'Annuaire: the write perimeter'): a person with
 * an account is changed by who manages the account (the 'Comptes' rule: CNAOL for any account
 * with a right on the ODG; an animateur only for accounts wholly of its ODG and not CNAOL's, so
 * CNAOL staff, whose rights span every ODG, are CNAOL's); a person without an account by the ODG
 * that employs them.
 */
export function physiqueModifiable(e: Ecrivain): SQL {
  const comptes = sql`from utilisateur u where u.personne_physique_id = "personne_physique"."id"`;
  const geres = e.cnaol
    ? sql`exists (select 1 ${comptes} and exists (select 1 from droit d
                    where d.utilisateur_id = u.id and d.organisme_id = ${e.odg}))`
    : sql`not exists (select 1 ${comptes} and ('ROLE_CNAOL' = any(u.roles)
            or not exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id = ${e.odg})
            or exists (select 1 from droit d where d.utilisateur_id = u.id and d.organisme_id <> ${e.odg})))`;
  return sql`(case when exists (select 1 ${comptes}) then ${geres}
              else ${pp.organismeId} = ${e.odg} end)`;
}

/** A person seen but not writable has an account managed by CNAOL or by several ODGs. */
export const MESSAGE_PERSONNE_NON_GEREE =
  'Seul qui gère son compte peut modifier ou anonymiser cette personne : le CNAOL, ou l’ODG de tous ses droits';

export interface PhysiqueFiltres {
  nom?: string;
  prenom?: string;
  mail?: string;
}
const TRI = { nom: pp.nom, prenom: pp.prenom, mail: pp.mail };
const colonnes = {
  id: pp.id,
  civilite: pp.civilite,
  nom: pp.nom,
  prenom: pp.prenom,
  mail: pp.mail,
  telephone: pp.telephone,
  organisme: organisme.raisonSociale,
  anonymise: pp.anonymise,
  roles: sql<string>`coalesce((select array_to_string(u.roles, ', ') from utilisateur u where u.personne_physique_id = "personne_physique"."id" limit 1), '')`,
};

export function createPersonnePhysiqueRepository(db: Database) {
  const where = (odg: number, f: PhysiqueFiltres) => {
    const c: SQL[] = [physiqueDuPerimetre(odg)];
    const texte = (col: SQL | AnyColumn, v: string) =>
      c.push(sql`unaccent(lower(coalesce(${col}, ''))) like unaccent(lower(${motifContient(v)}))`);
    if (f.nom) texte(pp.nom, f.nom);
    if (f.prenom) texte(pp.prenom, f.prenom);
    if (f.mail) texte(sql`${pp.mail}`, f.mail);
    return and(...c);
  };
  return {
    async rechercher(
      odg: number,
      f: PhysiqueFiltres,
      sort: string[],
      offset: number,
      limite: number,
    ) {
      const w = where(odg, f);
      const [total] = await db.select({ n: count() }).from(pp).where(w);
      const content = await db
        .select(colonnes)
        .from(pp)
        .leftJoin(organisme, eq(organisme.id, pp.organismeId))
        .where(w)
        .orderBy(...ordreDe(sort, TRI, [asc(pp.nom), asc(pp.prenom)], pp.id))
        .limit(limite)
        .offset(offset);
      return { content, totalElements: total?.n ?? 0 };
    },
    /** People of the perimeter to link as an operator's contact: by name, first name or mail. */
    contacts: (odg: number, q: string, limite: number) =>
      db
        .select({
          id: pp.id,
          civilite: pp.civilite,
          nom: pp.nom,
          prenom: pp.prenom,
          mail: pp.mail,
          telephone: pp.telephone,
        })
        .from(pp)
        .where(
          and(
            physiqueDuPerimetre(odg),
            eq(pp.anonymise, false),
            sql`unaccent(lower(concat_ws(' ', ${pp.nom}, ${pp.prenom}, ${pp.prenom}, ${pp.nom}, ${pp.mail}))) like unaccent(lower(${motifContient(q)}))`,
          ),
        )
        .orderBy(asc(pp.nom), asc(pp.prenom), asc(pp.id))
        .limit(limite),
    async trouver(odg: number, id: number) {
      const [r] = await db
        .select(colonnes)
        .from(pp)
        .leftJoin(organisme, eq(organisme.id, pp.organismeId))
        .where(and(eq(pp.id, id), physiqueDuPerimetre(odg)));
      return r;
    },
    async creer(
      odg: number,
      v: {
        civilite: string | null;
        nom: string;
        prenom: string;
        mail: string | null;
        telephone: string | null;
      },
    ) {
      const [r] = await db
        .insert(pp)
        .values({ ...v, organismeId: odg })
        .returning({ id: pp.id });
      return r?.id;
    },
    async modifier(
      e: Ecrivain,
      id: number,
      v: Partial<{
        civilite: string | null;
        nom: string;
        prenom: string;
        mail: string | null;
        telephone: string | null;
      }>,
    ) {
      const [r] = await db
        .update(pp)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(pp.id, id), eq(pp.anonymise, false), physiqueModifiable(e)))
        .returning({ id: pp.id });
      return r?.id;
    },
  };
}
export type PersonnePhysiqueRepository = ReturnType<typeof createPersonnePhysiqueRepository>;
