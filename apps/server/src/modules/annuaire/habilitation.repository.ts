import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { StatutHabilitation } from '@estive/domain';
import type { Database } from '../../db/client';
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
import { contient } from './texte';

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
const TRI = {
  raisonSociale: personneMorale.raisonSociale,
  aopIgp: aopIgp.libelle,
  statut: habilitation.statut,
  dateDi: habilitation.dateDi,
};

const ordre = (sort: string[]) =>
  ordreDe(sort, TRI, [asc(personneMorale.raisonSociale), asc(aopIgp.libelle)], habilitation.id);

/** Habilitations on the ODG's labels only: the label's ODG is the perimeter. */
function conditions(odg: number, f: HabilitationFiltres): SQL | undefined {
  const c: SQL[] = [eq(aopIgp.odgId, odg), isNull(personneMorale.deletedAt)];
  if (f.personneMorale !== undefined) c.push(eq(habilitation.personneMoraleId, f.personneMorale));
  if (f.aop.length) c.push(sql`${habilitation.aopIgpId} in ${f.aop}`);
  if (f.activite.length) c.push(sql`${habilitation.activiteId} in ${f.activite}`);
  if (f.statut.length) c.push(sql`${habilitation.statut} in ${f.statut}`);
  if (f.raisonSociale) {
    // Through the trigram index on `recherche` (raison sociale or name, accent-blind).
    c.push(
      contient(
        sql`${personneMorale.raisonSociale} || ' ' || coalesce(${personneMorale.nom}, '')`,
        f.raisonSociale,
      ),
    );
  }
  return and(...c);
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
      const where = conditions(odg, f);
      const [total] = await db
        .select({ n: count() })
        .from(habilitation)
        .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
        .innerJoin(personneMorale, eq(personneMorale.id, habilitation.personneMoraleId))
        .where(where);
      const content = await base()
        .where(where)
        .orderBy(...ordre(sort))
        .limit(limite)
        .offset(offset);
      return { content, totalElements: total?.n ?? 0 };
    },

    /** The export's habilitations in their sorted order, ids only (no OFFSET re-reads). */
    async idsExport(odg: number, f: HabilitationFiltres, sort: string[]) {
      const rows = await db
        .select({ id: habilitation.id })
        .from(habilitation)
        .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
        .innerJoin(personneMorale, eq(personneMorale.id, habilitation.personneMoraleId))
        .where(conditions(odg, f))
        .orderBy(...ordre(sort));
      return rows.map((r) => r.id);
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
