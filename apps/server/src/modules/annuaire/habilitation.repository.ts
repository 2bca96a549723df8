import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { STATUTS_HABILITATION, type StatutHabilitation } from '@estive/domain';
import type { Database } from '../../db/client';
import { criteres, operateursCorrespondants } from '../../db/mots-operateurs';
import { dansLOrdre, idsTries, pageDIds } from '../../db/page';
import {
  activite,
  activiteAop,
  aopIgp,
  fichier,
  habilitation,
  personneMorale,
} from '../../db/schema';
import { ordreDe } from '../../lib/paging';
import { verrouillerMorale } from './perimetre';

export interface HabilitationFiltres {
  personneMorale?: number;
  aop: number[];
  activite: number[];
  statut: StatutHabilitation[];
  raisonSociale?: string;
}

const colonnes = {
  id: habilitation.id,
  personneMoraleId: habilitation.personneMoraleId,
  raisonSociale: personneMorale.raisonSociale,
  siret: personneMorale.siret,
  aopIgpId: aopIgp.id,
  aopIgp: aopIgp.libelle,
  activiteId: activite.id,
  activite: activite.libelle,
  statut: habilitation.statut,
  dateDi: habilitation.dateDi,
  updatedAt: habilitation.updatedAt,
};
/** The sortable columns, as the API names them, in `recherche`'s set. */
const TRI = {
  raisonSociale: sql`raison_sociale`,
  aopIgp: sql`aop_igp`,
  statut: sql`statut`,
  dateDi: sql`date_di`,
};

/**
 * The habilitations on the ODG's labels matching the filters, as rows of their sort keys, and
 * their order. Their operators come from the word index of the ODG's perimeter (not anonymised;
 * the words of their raison sociale or name when typed), so only the matches' habilitations are
 * read, and the raison sociale to sort by is the index's. Without words typed, the page is read
 * as one part per statut: the screen opens sorted by statut, and each part walks the operators in
 * raison-sociale order and stops at the page instead of joining and sorting every habilitation.
 */
function recherche(odg: number, f: HabilitationFiltres, sort: string[]) {
  const c: SQL[] = [sql`a.odg_id = ${odg}`];
  if (f.personneMorale !== undefined) c.push(sql`h.personne_morale_id = ${f.personneMorale}`);
  if (f.aop.length) c.push(sql`h.aop_igp_id in ${f.aop}`);
  if (f.activite.length) c.push(sql`h.activite_id in ${f.activite}`);
  const mots = criteres(f.raisonSociale, 'rs', 'nom');
  // Matches of a common word ("GAEC": 5,000 operators) given in raison-sociale order: the page,
  // in that order by default, takes their habilitations until it is full instead of joining all.
  const operateurs = mots.length
    ? sql`select * from (${operateursCorrespondants([odg], mots)}) as m order by raison_sociale, id`
    : operateursCorrespondants([odg], mots);
  const habilitations = (statuts: readonly StatutHabilitation[]) =>
    sql`select h.id, o.raison_sociale, a.libelle as aop_igp, h.statut, h.date_di
          from (${operateurs}) as o
          join habilitation h on h.personne_morale_id = o.id
          join aop_igp a on a.id = h.aop_igp_id
         where ${sql.join(c, sql` and `)}${statuts.length ? sql` and h.statut in ${statuts}` : sql``}`;
  const termes = ordreDe(sort, TRI, [asc(TRI.raisonSociale), asc(TRI.aopIgp)], sql`id`);
  const ensemble = habilitations(f.statut);
  // With words, each part would find the operators again: one part, sorted whole.
  const parties = mots.length
    ? [ensemble]
    : [...new Set(f.statut.length ? f.statut : STATUTS_HABILITATION)].map((statut) =>
        habilitations([statut]),
      );
  return { ensemble, ordre: sql.join(termes, sql`, `), lecture: { parties } };
}

export function createHabilitationRepository(db: Database) {
  const base = () =>
    db
      .select(colonnes)
      .from(habilitation)
      .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
      .innerJoin(activite, eq(activite.id, habilitation.activiteId))
      .innerJoin(personneMorale, eq(personneMorale.id, habilitation.personneMoraleId));
  return {
    async rechercher(
      odg: number,
      f: HabilitationFiltres,
      sort: string[],
      offset: number,
      limite: number,
    ) {
      const { ensemble, ordre, lecture } = recherche(odg, f, sort);
      const { total, ids } = await pageDIds(db, ensemble, ordre, offset, limite, lecture);
      const rows = ids.length ? await base().where(inArray(habilitation.id, ids)) : [];
      return { content: dansLOrdre(ids, rows), totalElements: total };
    },

    /** The export's habilitations in their sorted order, ids only (no OFFSET re-reads). */
    async idsExport(odg: number, f: HabilitationFiltres, sort: string[]) {
      const { ensemble, ordre, lecture } = recherche(odg, f, sort);
      return idsTries(db, ensemble, ordre, lecture);
    },

    /** These habilitations' rows (still on the ODG's labels), in no order. */
    async lignesExport(odg: number, ids: number[]) {
      if (!ids.length) return [];
      return base().where(
        and(inArray(habilitation.id, ids), eq(aopIgp.odgId, odg), isNull(personneMorale.deletedAt)),
      );
    },

    async trouver(odg: number, id: number) {
      const [h] = await base().where(and(eq(habilitation.id, id), eq(aopIgp.odgId, odg)));
      if (!h) return undefined;
      const fichiers = await db
        .select({
          id: fichier.id,
          fileName: fichier.fileName,
          typeDocument: fichier.typeDocument,
          dateCreation: fichier.dateCreation,
        })
        .from(fichier)
        .where(eq(fichier.habilitationId, id));
      return { ...h, fichiers };
    },

    /**
     * Creates the habilitation when the operator is in the perimeter and the label is the ODG's
     * and offers that activity (activite_aop); `undefined` otherwise, `'doublon'` when it exists.
     */
    async creer(
      odg: number,
      v: {
        personneMoraleId: number;
        aopIgpId: number;
        activiteId: number;
        statut: StatutHabilitation;
        dateDi: string | null;
      },
      document: { fileName: string; mimeType: string; contenu: Buffer; sha256: string } | null,
    ) {
      return db.transaction(async (tx) => {
        const pm = await verrouillerMorale(tx, odg, v.personneMoraleId);
        const [label] = await tx
          .select({ id: aopIgp.id })
          .from(aopIgp)
          .innerJoin(
            activiteAop,
            and(eq(activiteAop.aopIgpId, aopIgp.id), eq(activiteAop.activiteId, v.activiteId)),
          )
          .where(and(eq(aopIgp.id, v.aopIgpId), eq(aopIgp.odgId, odg)));
        if (!pm || !label) return undefined;
        const [h] = await tx
          .insert(habilitation)
          .values(v)
          .onConflictDoNothing()
          .returning({ id: habilitation.id });
        if (!h) return 'doublon' as const;
        if (document) await ajouterDocument(tx, v.personneMoraleId, h.id, document);
        return h.id;
      });
    },

    async modifier(
      odg: number,
      id: number,
      v: { statut?: StatutHabilitation; dateDi?: string | null },
      document: { fileName: string; mimeType: string; contenu: Buffer; sha256: string } | null,
    ) {
      return db.transaction(async (tx) => {
        const [h] = await tx
          .update(habilitation)
          .set({ ...v, updatedAt: new Date() })
          .where(
            and(
              eq(habilitation.id, id),
              sql`${habilitation.aopIgpId} in (select a.id from aop_igp a where a.odg_id = ${odg})`,
            ),
          )
          .returning({ id: habilitation.id, personneMoraleId: habilitation.personneMoraleId });
        if (!h) return undefined;
        if (document) await ajouterDocument(tx, h.personneMoraleId, h.id, document);
        return h.id;
      });
    },
  };
}
export type HabilitationRepository = ReturnType<typeof createHabilitationRepository>;

async function ajouterDocument(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  personneMoraleId: number,
  habilitationId: number,
  d: { fileName: string; mimeType: string; contenu: Buffer; sha256: string },
) {
  await tx.insert(fichier).values({
    typeDocument: 'DI',
    fileName: d.fileName,
    mimeType: d.mimeType,
    taille: d.contenu.length,
    sha256: d.sha256,
    contenu: d.contenu,
    personneMoraleId,
    habilitationId,
  });
}
