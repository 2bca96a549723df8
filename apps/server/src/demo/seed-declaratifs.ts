import { and, asc, eq, inArray } from 'drizzle-orm';
import { construireGrille, type Declaratif, type Grille } from '@estive/domain';
import type { Transaction } from '../db/client';
import * as t from '../db/schema';

/**
 * Declared values (spec part 2 §1-§3, extranet mode): the figures the operator entered on the
 * extranet for the last campaign. They travel inside the control's grid
 * (`groupesSysExploitation[].points[].declaratif`), which the control feed sends as is: the demo
 * prepares the grids of the demo controller's programmed Comté-only visits on the server, with the
 * domain's `construireGrille` over the same rows the devices receive, so a grid built here equals
 * one built on a tablet, plus the declarations.
 */

/** A Comté dairy farm's declaration (aop-rules.md §1: ≥ 1 ha/VL, ≤ 4 600 L/ha, ≤ 1,3 UGB/ha). */
interface Declaration {
  libelle: string;
  saisie: (vaches: number) => string;
}

/** French decimal text, as the controller would type it. */
const fr = (n: number, dec: number) => n.toFixed(dec).replace('.', ',');

const SURFACES = 'Déclaration de surfaces (extranet)';
const LAIT = 'Déclaration de production laitière (extranet)';
const TROUPEAU = 'Déclaration de troupeau (extranet)';

/** By exploitation code; the farm's size follows its herd so the ratios stay those of Comté. */
export const DECLARATIONS_COMTE: Record<string, Declaration> = {
  a1: { libelle: SURFACES, saisie: (vl) => fr(vl * 1.18, 2) },
  a2: { libelle: SURFACES, saisie: (vl) => fr(vl * 0.16, 2) },
  a3: { libelle: TROUPEAU, saisie: (vl) => String(vl) },
  a11: { libelle: LAIT, saisie: (vl) => String(vl * 6_350) },
  a12: { libelle: LAIT, saisie: (vl) => String(vl * 110) },
  a13: { libelle: SURFACES, saisie: (vl) => fr(vl * 1.52, 2) },
  a20: { libelle: TROUPEAU, saisie: (vl) => fr(vl * 1.31, 1) },
  a21: { libelle: SURFACES, saisie: (vl) => fr(vl * 1.46, 2) },
  a23: { libelle: LAIT, saisie: (vl) => String(vl * 900) },
  a24: { libelle: LAIT, saisie: (vl) => String(vl * 550) },
  a26: { libelle: TROUPEAU, saisie: (vl) => String(vl) },
};

/** The declared campaign: the last full calendar year before the seed. */
function campagne(maintenant: Date) {
  const annee = maintenant.getUTCFullYear() - 1;
  return { debutPeriode: `${annee}-01-01`, finPeriode: `${annee}-12-31` };
}

/** Adds the declarations to the grid's lines that have one (a new grid; lines otherwise kept). */
export function declarer(grille: Grille, vaches: number, maintenant = new Date()): Grille {
  const periode = campagne(maintenant);
  return {
    ...grille,
    groupesSysExploitation: grille.groupesSysExploitation.map((g) => ({
      ...g,
      points: g.points.map((p) => {
        const d = DECLARATIONS_COMTE[p.code.toLowerCase()];
        if (!d || p.formule) return p;
        const declaratif: Declaratif = { libelle: d.libelle, ...periode, saisie: d.saisie(vaches) };
        return { ...p, declaratif };
      }),
    })),
  };
}

/** The visit grids of a controller's programmed visits of a Comté-only farm; returns how many. */
export async function seedDeclaratifs(tx: Transaction, controleurId: number): Promise<number> {
  const aops = await tx.select().from(t.aopIgp);
  const comte = aops.find((a) => a.libelle === 'Comté');
  if (!comte) return 0;
  const controles = await tx
    .select()
    .from(t.controle)
    .where(and(eq(t.controle.controleurId, controleurId), eq(t.controle.statut, 'PROGRAMME')))
    .orderBy(asc(t.controle.id));
  const visites = new Map<string, (typeof controles)[number][]>();
  for (const c of controles) {
    const cle = `${c.personneMoraleId}|${c.date.toISOString()}|${c.tourneeId}`;
    visites.set(cle, [...(visites.get(cle) ?? []), c]);
  }
  // One after the other: the queries share the transaction's connection.
  const categories = await tx.select().from(t.categorie);
  const pointsControle = await tx.select().from(t.pointControle);
  const groupes = await tx.select().from(t.groupeSysExp);
  const pointsSysExp = await tx.select().from(t.pointSysExp);
  const ids = [...new Set(controles.map((c) => c.aopIgpId))];
  const liens = ids.length
    ? await tx.select().from(t.pointControleAop).where(inArray(t.pointControleAop.aopIgpId, ids))
    : [];
  // The rows as the reference feeds send them (string ids), so the grid matches a device's.
  const s = (id: number) => String(id);
  const referentiel = {
    categories: categories.map((c) => ({ id: s(c.id), libelle: c.libelle, ordre: c.ordre })),
    pointsControle: pointsControle.map((p) => ({
      ...p,
      id: s(p.id),
      categorieId: s(p.categorieId),
    })),
    pointsControleAop: liens.map((l) => ({
      pointControleId: s(l.pointControleId),
      aopIgpId: s(l.aopIgpId),
      pointSystemeExploitationId:
        l.pointSystemeExploitationId === null ? null : s(l.pointSystemeExploitationId),
      seuil: l.seuil,
    })),
    groupesSysExp: groupes.map((g) => ({ ...g, id: s(g.id), aopIgpIds: g.aopIgpIds.map(s) })),
    pointsSysExp: pointsSysExp.map((p) => ({
      ...p,
      id: s(p.id),
      groupeSystemeExploitationId: s(p.groupeSystemeExploitationId),
    })),
  };

  let n = 0;
  for (const visite of visites.values()) {
    // Farms visited for Comté alone: the grid a control stores is its visit's (shared by the
    // controls of the visit), and a lone control opened by itself then finds its own labels only.
    const [seul] = visite;
    if (visite.length !== 1 || seul?.aopIgpId !== comte.id) continue;
    const grille = construireGrille({
      ...referentiel,
      aopIgps: [{ id: s(comte.id), libelle: comte.libelle, migre: comte.migre }],
    });
    // 30 to 59 dairy cows: a family Comté farm, varied by operator but fixed for a given seed.
    const vaches = 30 + (seul.personneMoraleId % 30);
    await tx
      .update(t.controle)
      .set({ grille: declarer(grille, vaches) })
      .where(
        inArray(
          t.controle.id,
          visite.map((c) => c.id),
        ),
      );
    n++;
  }
  return n;
}
