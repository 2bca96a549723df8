import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { TYPES_PERSONNE } from '@estive/contracts';
import type { Database } from '../../db/client';
import { colonne, ligne, ligneCompte, lignes } from '../../db/lignes';
import { organisme, personnePhysique } from '../../db/schema';
import { motifContient, ordreDe, type ColonnesTri } from '../../lib/paging';
import { moraleDuPerimetre, type Ecrivain } from './perimetre';

type TypePersonne = (typeof TYPES_PERSONNE)[number];

const pp = personnePhysique;

/** People of the ODG: its employees and the holders of a right on it. */
export function physiqueDuPerimetre(odg: number, table: SQL = sql`"personne_physique"`): SQL {
  return sql`(${table}."organisme_id" = ${odg} or exists (select 1 from utilisateur u join droit d on d.utilisateur_id = u.id
                where u.personne_physique_id = ${table}."id" and d.organisme_id = ${odg}))`;
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
  operateur?: string;
  fonction?: string;
  commune?: string;
  type?: TypePersonne;
}
const TRI: ColonnesTri = {
  nom: sql`nom`,
  prenom: sql`prenom`,
  mail: sql`mail`,
  organisme: sql`organisme`,
};
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

/** A line of the list: a person of the ODG or an operator's contact (its operators as JSON). */
const LIGNE = z.object({
  cle: colonne.texte,
  id: colonne.entier.nullable(),
  type: z.enum(TYPES_PERSONNE),
  civilite: colonne.texte.nullable(),
  nom: colonne.texte,
  prenom: colonne.texte,
  mail: colonne.texte.nullable(),
  telephone: colonne.texte.nullable(),
  organisme: colonne.texte.nullable(),
  anonymise: colonne.booleen,
  roles: colonne.texte,
  fonctions: z.array(z.string()),
  operateurs: z.array(z.object({ id: z.string(), raisonSociale: z.string() })),
});

/** Accent- and case-blind 'contains', on a text that may be null. */
const contient = (colonneSql: SQL, v: string) =>
  sql`unaccent(lower(coalesce(${colonneSql}, ''))) like unaccent(lower(${motifContient(v)}))`;

/**
 * The list's two parts, filtered, as one union. People: those of the ODG (physiqueDuPerimetre).
 * Contacts: of the operators ODG `odg` sees (moraleDuPerimetre, anonymised ones gone), one line
 * per identity — same name, first name and mail (or phone; without either, the row alone) — so a
 * person who is the contact of three operators reads once, with the three. An operator, function
 * or town filter keeps a contact line if one of its rows matches, and shows all its operators.
 */
function liste(odg: number, f: PhysiqueFiltres): SQL {
  const personnes: SQL[] = [sql`true`];
  const contacts: SQL[] = [sql`true`];
  if (f.nom) {
    personnes.push(contient(sql`pp.nom`, f.nom));
    contacts.push(contient(sql`c.nom`, f.nom));
  }
  if (f.prenom) {
    personnes.push(contient(sql`pp.prenom`, f.prenom));
    contacts.push(contient(sql`c.prenom`, f.prenom));
  }
  if (f.mail) {
    personnes.push(contient(sql`pp.mail`, f.mail));
    contacts.push(contient(sql`c.mail`, f.mail));
  }
  // A person of the ODG has no operator nor function: those filters keep contacts only.
  const sansPersonnes = Boolean(f.operateur || f.fonction) || f.type === 'CONTACT';
  const avoir: SQL[] = [sql`true`];
  if (f.operateur) {
    const siret = f.operateur.replace(/\s/g, '');
    avoir.push(
      sql`bool_or(${contient(sql`p.raison_sociale`, f.operateur)} or (${siret} <> '' and p.siret like ${`${siret.replace(/[\\%_]/g, '')}%`}))`,
    );
  }
  if (f.fonction) avoir.push(sql`bool_or(${contient(sql`c.fonction`, f.fonction)})`);
  if (f.commune) {
    personnes.push(
      sql`(${contient(sql`o.ville`, f.commune)} or o.code_postal like ${`${f.commune.trim()}%`})`,
    );
    avoir.push(
      sql`bool_or(${contient(sql`p.ville`, f.commune)} or p.code_postal like ${`${f.commune.trim()}%`})`,
    );
  }
  const partiePersonnes = sql`
    select 'P' || pp.id as cle, pp.id, 'PERSONNE' as type, pp.civilite, pp.nom, pp.prenom, pp.mail,
           pp.telephone, o.raison_sociale as organisme, pp.anonymise,
           coalesce((select array_to_string(u.roles, ', ') from utilisateur u
                      where u.personne_physique_id = pp.id limit 1), '') as roles,
           '{}'::text[] as fonctions, '[]'::jsonb as operateurs
      from personne_physique pp left join organisme o on o.id = pp.organisme_id
     where ${physiqueDuPerimetre(odg, sql`pp`)} and ${sql.join(personnes, sql` and `)}`;
  const partieContacts = sql`
    select 'C' || min(c.id) as cle, null::bigint as id, 'CONTACT' as type, min(c.civilite) as civilite,
           min(c.nom) as nom, coalesce(min(c.prenom), '') as prenom, min(c.mail) as mail,
           min(coalesce(c.telephone1, c.telephone2)) as telephone, null::text as organisme,
           false as anonymise, '' as roles,
           coalesce(array_agg(distinct c.fonction) filter (where c.fonction is not null), '{}') as fonctions,
           jsonb_agg(distinct jsonb_build_object('id', p.id::text, 'raisonSociale', p.raison_sociale)) as operateurs
      from contact c join personne_morale p on p.id = c.personne_morale_id
     where p.deleted_at is null and ${moraleDuPerimetre(odg, sql`p.id`)} and ${sql.join(contacts, sql` and `)}
     group by unaccent(lower(c.nom)), unaccent(lower(coalesce(c.prenom, ''))),
              coalesce(lower(c.mail), c.telephone1, c.telephone2, 'contact ' || c.id)
    having ${sql.join(avoir, sql` and `)}`;
  if (sansPersonnes) return partieContacts;
  if (f.type === 'PERSONNE') return partiePersonnes;
  return sql`${partiePersonnes} union all ${partieContacts}`;
}

export function createPersonnePhysiqueRepository(db: Database) {
  return {
    /** One page of the list, its lines in the asked order then by name, first name and key. */
    async rechercher(
      odg: number,
      f: PhysiqueFiltres,
      sort: string[],
      offset: number,
      limite: number,
    ) {
      const l = liste(odg, f);
      const total = await ligne(db, sql`select count(*) as n from (${l}) as l`, ligneCompte);
      const ordre = ordreDe(sort, TRI, [sql`nom`, sql`prenom`], sql`cle`);
      const content = await lignes(
        db,
        sql`select * from (${l}) as l order by ${sql.join(ordre, sql`, `)} limit ${limite} offset ${offset}`,
        LIGNE,
      );
      return { content, totalElements: total.n };
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
