import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PersonneMoraleEcriture, PersonneMoraleFiltres } from '@estive/contracts';
import type { Database } from '../../db/client';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { personneMorale, site } from '../../db/schema';
import {
  criteres,
  operateursCorrespondants,
  operateursDuPerimetre,
  PAR_RAISON_SOCIALE,
  type CleDeTri,
  SANS_ODG,
} from '../../db/mots-operateurs';
import { dansLOrdre, idsTries, pageDIds } from '../../db/page';
import { ordreDe, triDe, type ColonnesTri } from '../../lib/paging';
import { moraleDuPerimetre, moraleEcrivable, perimetreRecherche, type Ecrivain } from './perimetre';
import { colonnesOperateurCourt } from './operateur-court';
import { habiliterSurLabel } from './habilitation-annexes.repository';

const pm = personneMorale;

const LIGNE_EXISTANT = z.object({
  id: colonne.entier,
  dansPerimetre: colonne.booleen,
  detenteurs: z.array(z.object({ odg: z.string(), aopIgps: z.array(z.string()) })),
});
/** Qualified: inside a raw subquery drizzle writes a lone table's columns unqualified. */
const PM_ID = sql.raw('"personne_morale"."id"');

/** The words typed in each text filter, each to be found in its field (the word index). */
const motsDe = (f: PersonneMoraleFiltres) => [
  ...criteres(f.raisonSociale, 'rs', 'nom'),
  ...criteres(f.siret, 'siret'),
  ...criteres(f.ede, 'ede'),
  ...criteres(f.pac, 'pac'),
  ...criteres(f.codePostal, 'cp'),
  ...criteres(f.ville, 'ville'),
  ...criteres(f.mail, 'mail'),
];

/** The habilitation and group filters, on an operator `c.id`. */
function autresFiltres(odg: number, f: PersonneMoraleFiltres): SQL {
  const c: SQL[] = [sql`true`];
  if (f.aop.length || f.activite.length || f.statut.length) {
    const sous: SQL[] = [sql`h.personne_morale_id = c.id`];
    if (f.aop.length) sous.push(sql`h.aop_igp_id in ${f.aop}`);
    if (f.activite.length) sous.push(sql`h.activite_id in ${f.activite}`);
    if (f.statut.length) sous.push(sql`h.statut in ${f.statut}`);
    c.push(sql`exists (select 1 from habilitation h where ${sql.join(sous, sql` and `)})`);
  }
  if (f.groupe.length) {
    c.push(sql`exists (select 1 from groupe_membre gm join groupe g on g.id = gm.groupe_id
                        where gm.personne_morale_id = c.id and g.odg_id = ${odg} and gm.groupe_id in ${f.groupe})`);
  }
  return sql.join(c, sql` and `);
}

/** The sortable columns, as the API names them, and as the search's rows (or `CLES`) name them. */
const TRI = {
  raisonSociale: 'raison_sociale',
  siret: 'siret',
  codePostal: 'code_postal',
  ville: 'ville',
  mail: 'mail',
  ede: 'ede',
} as const;
const COLONNES_TRI: ColonnesTri = Object.fromEntries(
  Object.entries(TRI).map(([champ, colonne]) => [champ, sql`${sql.identifier(colonne)}`]),
);
/** The sort keys the word index lacks, read from each match's row (a lookup by id). */
const CLES = sql`select pm.siret, pm.code_postal, pm.ville, pm.mail, pm.ede
                   from personne_morale pm where pm.id = e.id`;

/**
 * The operators of an office search, its order, and how to read them. They are the perimeter's
 * (and those no ODG holds yet) whose words match each text filter in its field and whose
 * 'Habilité' is the one asked, then the habilitation and group filters. Without words typed, each
 * perimeter walks the index of the sort (migration 0023) and stops at the page. With words, the
 * word index gives the raison sociale, and each match's row another sort key.
 */
function recherche(odg: number, f: PersonneMoraleFiltres, sort: string[]) {
  const mots = motsDe(f);
  const filtres = autresFiltres(odg, f);
  const parRaisonSociale = sort.every((valeur) => /^raisonSociale(,asc)?$/i.test(valeur));
  const ordre = parRaisonSociale
    ? PAR_RAISON_SOCIALE
    : sql.join(ordreDe(sort, COLONNES_TRI, [asc(sql`raison_sociale`)], sql`id`), sql`, `);
  if (!mots.length) {
    const cles = [...new Set(sort.map((valeur) => triDe(valeur, TRI).colonne))].filter(
      (colonne): colonne is CleDeTri => colonne !== 'raison_sociale',
    );
    const parties = [odg, SANS_ODG].map(
      (perimetre) =>
        sql`select * from (${operateursDuPerimetre(perimetre, cles, f.isHabilite)}) as c
             where ${filtres}`,
    );
    return { ensemble: sql.join(parties, sql` union all `), ordre, lecture: { parties } };
  }
  const ensemble = sql`select * from (${operateursCorrespondants([odg, SANS_ODG], mots, f.isHabilite)}) as c
                        where ${filtres}`;
  return parRaisonSociale ? { ensemble, ordre } : { ensemble, ordre, lecture: { cles: CLES } };
}

const ligne = {
  id: pm.id,
  raisonSociale: pm.raisonSociale,
  siret: pm.siret,
  ede: pm.ede,
  // The contracts' `pac` (the spec's name); the column keeps its name `pacage`.
  pac: pm.pacage,
  codePostal: pm.codePostal,
  ville: pm.ville,
  mail: pm.mail,
  telephone1: pm.telephone1,
  isHabilite: pm.habilite,
  aops: sql<string>`coalesce((select string_agg(distinct a.libelle, ', ' order by a.libelle) from habilitation h
                      join aop_igp a on a.id = h.aop_igp_id where h.personne_morale_id = ${PM_ID}), '')`,
};
export function createPersonneMoraleRepository(db: Database) {
  return {
    async rechercher(
      odg: number,
      f: PersonneMoraleFiltres,
      sort: string[],
      offset: number,
      limite: number,
    ) {
      const { ensemble, ordre, lecture } = recherche(odg, f, sort);
      const { total, ids } = await pageDIds(db, ensemble, ordre, offset, limite, lecture);
      const rows = ids.length ? await db.select(ligne).from(pm).where(inArray(pm.id, ids)) : [];
      return { content: dansLOrdre(ids, rows), totalElements: total };
    },

    /**
     * The export's operators in their sorted order, ids only: one cheap query, then the rows are
     * read by id (`lignesExport`). Pages by OFFSET re-read every skipped row with its subqueries:
     * 1.5 s a batch at 18,000 rows on PostgreSQL.
     */
    async idsExport(odg: number, f: PersonneMoraleFiltres, sort: string[]) {
      const { ensemble, ordre, lecture } = recherche(odg, f, sort);
      return idsTries(db, ensemble, ordre, lecture);
    },

    /** The export's columns of these operators (still within the perimeter), in no order. */
    async lignesExport(odg: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          ...ligne,
          adresse1: pm.adresse1,
          telephone2: pm.telephone2,
          createdAt: pm.createdAt,
        })
        .from(pm)
        .where(and(inArray(pm.id, ids), perimetreRecherche(odg), isNull(pm.deletedAt)));
    },

    /** Raison sociale, SIRET, EDE or PACAGE words starting with the typed ones; optionally habilitated on a label. */
    async courts(
      odg: number,
      q: string,
      aop: number | undefined,
      limite: number,
      habilitesSeulement: boolean,
    ) {
      // 'Habilité' is read from the word index; on one label, that label's habilitation is checked.
      const habilite = habilitesSeulement || undefined;
      const surLeLabel =
        aop === undefined
          ? sql`true`
          : sql`exists (select 1 from habilitation h where h.personne_morale_id = c.id
                   and h.aop_igp_id = ${aop} ${habilitesSeulement ? sql`and h.statut = 'VALIDEE'` : sql``})`;
      const mots = criteres(q, 'rs', 'siret', 'ede', 'pac');
      const { ids } = await pageDIds(
        db,
        sql`select * from (${operateursCorrespondants([odg, SANS_ODG], mots, habilite)}) as c
             where ${surLeLabel}`,
        PAR_RAISON_SOCIALE,
        0,
        limite,
      );
      if (!ids.length) return [];
      return db
        .select(colonnesOperateurCourt)
        .from(pm)
        .where(inArray(pm.id, ids))
        .orderBy(asc(pm.raisonSociale), asc(pm.id));
    },

    /**
     * Duplicates before a creation (docs/decisions.md 'An operator that exists under another
     * ODG'): by SIRET across every perimeter (it is national and public), by EDE inside ODG
     * `odg`'s perimeter only. Each row says whether `odg` sees it and who holds it: the ODGs of
     * its habilitations with their labels, nothing of its data.
     */
    async existants(odg: number, siret: string | undefined, ede: string | undefined) {
      const c: SQL[] = [];
      if (siret) c.push(sql`p.siret = ${siret.replace(/\s/g, '')}`);
      if (ede) c.push(sql`(p.ede = ${ede.trim()} and ${moraleDuPerimetre(odg, sql`p.id`)})`);
      if (!c.length) return [];
      return lignes(
        db,
        sql`select p.id, ${moraleDuPerimetre(odg, sql`p.id`)} as "dansPerimetre",
                   coalesce((select jsonb_agg(jsonb_build_object('odg', o.raison_sociale, 'aopIgps', x.aops)
                                              order by o.raison_sociale)
                             from (select a.odg_id, array_agg(distinct a.libelle order by a.libelle) as aops
                                     from habilitation h join aop_igp a on a.id = h.aop_igp_id
                                    where h.personne_morale_id = p.id group by a.odg_id) x
                             join organisme o on o.id = x.odg_id), '[]'::jsonb) as detenteurs
              from personne_morale p
             where p.deleted_at is null and (${sql.join(c, sql` or `)})
             order by p.id limit 10`,
        LIGNE_EXISTANT,
      );
    },

    /** Where an animateur asks CNAOL: the mails of its active accounts (three at most). */
    async contactCnaol() {
      const rows = await lignes(
        db,
        sql`select distinct coalesce(pp.mail, u.login) as mail
              from utilisateur u join personne_physique pp on pp.id = u.personne_physique_id
             where u.actif and 'ROLE_CNAOL' = any(u.roles) and coalesce(pp.mail, u.login) like '%@%'
             order by 1 limit 3`,
        z.object({ mail: colonne.texte }),
      );
      return rows.map((r) => r.mail);
    },

    /**
     * Habilitates on label `v.aopIgpId` of ODG `odg` the operator of SIRET `v.siret`, wherever it
     * is held (docs/decisions.md 'An operator that exists under another ODG'): locked first, the
     * label must be the ODG's and offer each activity; EN_ATTENTE, a habilitation already there
     * keeps its statut and takes the new DI date; the act is written in the journal. Undefined: no
     * such operator, label or activity.
     */
    async habiliterExistant(
      odg: number,
      utilisateurId: number,
      v: { siret: string; aopIgpId: number; activiteIds: number[]; dateDi: string },
    ) {
      return db.transaction(async (tx) => {
        const [operateur] = await tx
          .select({ id: pm.id })
          .from(pm)
          .where(and(eq(pm.siret, v.siret), isNull(pm.deletedAt)))
          .for('update');
        const faites = operateur
          ? await habiliterSurLabel(tx, odg, { ...v, personneMoraleId: operateur.id })
          : undefined;
        if (!operateur || !faites) return undefined;
        // Another ODG's operator enters this one's perimeter by this act alone: it is kept.
        await tx.execute(sql`insert into journal_action (utilisateur_id, action, entite, entite_id, details)
          values (${utilisateurId}, 'HABILITATION_OPERATEUR_EXISTANT', 'personne_morale', ${operateur.id},
                  ${JSON.stringify({ odgId: String(odg), aopIgpId: String(v.aopIgpId), activiteIds: v.activiteIds.map(String), dateDi: v.dateDi })}::jsonb)`);
        return operateur.id;
      });
    },

    /** Operators in short by id (ids the caller has checked against the perimeter). */
    courtsParIds: (ids: number[]) =>
      ids.length
        ? db.select(colonnesOperateurCourt).from(pm).where(inArray(pm.id, ids))
        : Promise.resolve([]),

    async trouver(odg: number, id: number) {
      const [r] = await db
        .select()
        .from(pm)
        .where(and(eq(pm.id, id), isNull(pm.deletedAt), moraleDuPerimetre(odg)));
      return r;
    },

    /** `odgCreateur` owns the operator until an ODG habilitates it (moraleEcrivable). */
    async creer({ pac, ...valeurs }: PersonneMoraleEcriture, odgCreateur: number) {
      const [r] = await db
        .insert(pm)
        .values({ ...valeurs, pacage: pac, odgCreateurId: odgCreateur })
        .onConflictDoNothing({ target: pm.siret })
        .returning({ id: pm.id });
      return r?.id;
    },

    async modifier(e: Ecrivain, id: number, { pac, ...valeurs }: Partial<PersonneMoraleEcriture>) {
      const [r] = await db
        .update(pm)
        .set(pac === undefined ? valeurs : { ...valeurs, pacage: pac })
        .where(and(eq(pm.id, id), isNull(pm.deletedAt), moraleEcrivable(e)))
        .returning({ id: pm.id });
      return r?.id;
    },

    async sites(odg: number, id: number) {
      return db
        .select()
        .from(site)
        .innerJoin(pm, eq(pm.id, site.personneMoraleId))
        .where(and(eq(site.personneMoraleId, id), isNull(pm.deletedAt), moraleDuPerimetre(odg)))
        .orderBy(asc(site.libelle), asc(site.id))
        .then((rows) => rows.map((r) => r.site));
    },
  };
}
export type PersonneMoraleRepository = ReturnType<typeof createPersonneMoraleRepository>;
