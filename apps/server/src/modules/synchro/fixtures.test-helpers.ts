import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { at } from '@estive/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligne } from '../../db/lignes';
import { uneLigne } from '../../db/une-ligne';
import {
  activiteAop,
  aopIgp,
  controle,
  habilitation,
  pointControle,
  pointControleAop,
  site,
  syncInbox,
  utilisateur,
} from '../../db/schema';
import { enregistrerSortieDePerimetre } from './tombstones.repository';

export async function utilisateurId(db: Database, login: string) {
  return uneLigne(await db.select().from(utilisateur).where(eq(utilisateur.login, login))).id;
}

/** An operator habilitated (VALIDEE) on a label of the ODG, with a site and an activity. */
export async function operateurHabilite(db: Database, odgId: number, rang = 0) {
  const rows = await db
    .select({
      personneMoraleId: habilitation.personneMoraleId,
      aopIgpId: habilitation.aopIgpId,
      activiteId: habilitation.activiteId,
    })
    .from(habilitation)
    .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
    .where(and(eq(aopIgp.odgId, odgId), eq(habilitation.statut, 'VALIDEE')))
    .orderBy(habilitation.id)
    .limit(rang + 1);
  const h = at(rows, rang);
  const [s] = await db.select().from(site).where(eq(site.personneMoraleId, h.personneMoraleId));
  const [aa] = await db
    .select()
    .from(activiteAop)
    .where(and(eq(activiteAop.aopIgpId, h.aopIgpId), eq(activiteAop.activiteId, h.activiteId)));
  if (!s || !aa)
    throw new Error(`Fixture: operator ${String(h.personneMoraleId)} has no site or activity`);
  return {
    personneMoraleId: String(h.personneMoraleId),
    aopIgpId: String(h.aopIgpId),
    siteId: String(s.id),
    activiteAopIgpId: String(aa.id),
  };
}

/** What the office does when it gives a control to another controller: one transaction. */
export async function reaffecter(db: Database, controleId: number, versControleurId: number) {
  await db.transaction(async (tx) => {
    const avant = uneLigne(await tx.select().from(controle).where(eq(controle.id, controleId)));
    await tx
      .update(controle)
      .set({ controleurId: versControleurId })
      .where(eq(controle.id, controleId));
    if (avant.controleurId !== null && avant.controleurId !== versControleurId) {
      await enregistrerSortieDePerimetre(tx, {
        entity: 'controle',
        entityIds: [controleId],
        utilisateurIds: [avant.controleurId],
      });
    }
  });
}

export async function annuler(db: Database, controleId: number) {
  await db
    .update(controle)
    .set({ statut: 'ANNULE', raisonAbandon: 'Annulé par le bureau' })
    .where(eq(controle.id, controleId));
}

/**
 * A valid grid whose one exploitation group is named after `marque`: it identifies a controller's
 * entry on the server, and passes the domain's grid schema like a device's grid.
 */
export function grilleMarquee(marque: string) {
  return {
    categories: [],
    groupesSysExploitation: [{ id: 'marque', libelle: marque, ignore: false, points: [] }],
    manquements: [],
  };
}

/** Up to `n` control points of a label (at least one), as its grid names them. */
export async function pointsDuLabel(db: Database, aopIgpId: string, n: number) {
  const rows = await db
    .select({ id: pointControle.id, code: pointControle.code, libelle: pointControle.libelle })
    .from(pointControleAop)
    .innerJoin(pointControle, eq(pointControle.id, pointControleAop.pointControleId))
    .where(eq(pointControleAop.aopIgpId, Number(aopIgpId)))
    .orderBy(pointControle.id)
    .limit(n);
  if (rows.length === 0) throw new Error(`Fixture: label ${aopIgpId} has no control point`);
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

export interface PointNc {
  id: string;
  code: string;
  libelle: string;
  aop: { id: string; libelle: string };
  gravite?: 'GRAVE' | 'MAJEUR' | 'MINEUR';
  valeur?: string | null;
  mesure?: { mesure?: string; delai?: string; date?: string };
}

/**
 * A marked grid whose points (observation-only, so no threshold judges them) are NC with their
 * shortcoming and its progress plan, as the device's engine makes them.
 */
export function grilleAvecNc(marque: string, points: PointNc[]) {
  return {
    ...grilleMarquee(marque),
    categories: [
      {
        id: 'c1',
        libelle: 'Troupeau',
        ordre: 1,
        aopIgps: [...new Map(points.map((p) => [p.aop.id, p.aop])).values()],
        points: points.map((p, i) => ({
          id: p.id,
          code: p.code,
          ordre: i + 1,
          libelle: p.libelle,
          source: 'CONSTAT' as const,
          aops: [
            {
              aopIgpId: p.aop.id,
              aopIgpLibelle: p.aop.libelle,
              hasManquement: true,
              saisie: {
                conformite: 'NC',
                gravite: p.gravite ?? 'MINEUR',
                valeur: p.valeur ?? null,
              },
            },
          ],
        })),
      },
    ],
    manquements: points.map((p) => ({
      key: `${p.code}-${p.aop.id}`,
      pointControleId: p.id,
      pointControleCode: p.code,
      libelle: p.libelle,
      aopIgp: p.aop,
      seuil: p.gravite ?? 'MINEUR',
      valeur: p.valeur ?? null,
      categorie: 'Troupeau',
      saisie: {
        informationsAuditeur: `Constat ${p.code}`,
        correctives: { mesure: 'Réparer', delai: '1 mois', date: null, ...p.mesure },
      },
    })),
  };
}

/** The mark of a stored grid (see `grilleMarquee`). */
export function marqueDe(grille: unknown): string | undefined {
  return (grille as ReturnType<typeof grilleMarquee> | null)?.groupesSysExploitation[0]?.libelle;
}

/** How many controls on the server carry this controller entry (see `grilleMarquee`). */
export async function exemplaires(db: Database, marque: string) {
  const r = await ligne(
    db,
    sql`select count(*)::int as n from controle
        where grille->'groupesSysExploitation'->0->>'libelle' = ${marque}`,
    z.object({ n: colonne.entier }),
  );
  return r.n;
}

/** An unannounced control created offline (a `local-` id, a clientUuid), its entry `marque`. */
export async function nouveauControle(
  db: Database,
  n: { marque: string; rang: number; localId: string; etapeSaisie?: number },
) {
  const o = await operateurHabilite(db, 1, n.rang);
  return {
    localId: n.localId,
    clientUuid: randomUUID(),
    date: new Date().toISOString(),
    personneMoraleId: o.personneMoraleId,
    aopIgp: { id: o.aopIgpId },
    sites: [{ id: o.siteId }],
    activiteAopIgpIds: [o.activiteAopIgpId],
    niveau: 'INIT_CIBLE_INO' as const,
    statut: 'EN_COURS' as const,
    etapeSaisie: n.etapeSaisie ?? 2,
    grille: grilleMarquee(n.marque),
    synthese: {},
  };
}

/** A control's row as the database holds it (undefined when there is none). */
export async function ligneControle(db: Database, id: string) {
  const [c] = await db
    .select()
    .from(controle)
    .where(eq(controle.id, Number(id)));
  return c;
}

/** How many pushes the inbox holds. */
export async function compterInbox(db: Database): Promise<number> {
  const [r] = await db.select({ n: count() }).from(syncInbox);
  return r?.n ?? 0;
}
