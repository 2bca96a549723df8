import { eq } from 'drizzle-orm';
import { defined, type EtatManquement, type Gravite, type NiveauControle } from '@estive/domain';
import type { Transaction } from '../db/client';
import * as t from '../db/schema';
import { ajouterJours, aujourdhuiParis, heureParis } from './dates';
import type { Random } from './random';
import type { OperateurDemo } from './seed-annuaire';
import type { ReferentielIds } from './seed-referentiel';
import { obtenir } from './obtenir';

const AUDITEURS_OC: [string, string][] = [
  ['Perrin', 'Isabelle'],
  ['Guillot', 'Thomas'],
  ['Bourgeois', 'Nathalie'],
];
const NIVEAUX: NiveauControle[] = ['SUP_TERRAIN', 'SUP_DOC', 'INIT_EXHAUSTIF', 'HABILITATION'];
const ETATS: EtatManquement[] = [
  'EN_COURS',
  'EN_COURS',
  'LEVE',
  'CLOS',
  'TRANSMIS_OC',
  'EN_COURS_OC',
];
const GRAVITES: Gravite[] = ['MINEUR', 'MINEUR', 'MAJEUR', 'GRAVE'];
const OBSERVATIONS = [
  'Registre des traitements tenu à jour.',
  'Affouragement conforme, stocks de foin suffisants.',
  'Quelques écarts de température relevés en cave.',
  null,
];

/**
 * What the dashboards show: the campaign of the year with its target rates, auditors of the
 * certifying bodies, and the controls done since January (internal and external), with their
 * shortcomings (some follow-ups overdue). Scales with the operator count, for the benchmark.
 */
export async function seedTableauDeBord(
  ctx: { tx: Transaction; random: Random; refs: ReferentielIds; odg: string; controleurId: number },
  operateurs: OperateurDemo[],
) {
  const { tx, random, refs } = ctx;
  const odgId = obtenir(refs.odg, ctx.odg, 'ODG');
  const aujourdhui = aujourdhuiParis();
  const annee = Number(aujourdhui.slice(0, 4));
  const aops = [...refs.aop.entries()].filter(([, a]) => a.odg === ctx.odg);

  const campagne = (
    await tx
      .insert(t.campagne)
      .values({
        libelle: `Campagne ${annee}`,
        annee,
        odgId,
        debut: `${annee}-01-01`,
        fin: `${annee}-12-31`,
        courante: true,
      })
      .returning({ id: t.campagne.id })
  ).at(0);
  if (!campagne) throw new Error('campagne de démo non créée');
  // Next year's, not current: rounds prepared now for January belong to it (a round's controls
  // stay inside its campaign, issue 32 item 4).
  await tx.insert(t.campagne).values({
    libelle: `Campagne ${String(annee + 1)}`,
    annee: annee + 1,
    odgId,
    debut: `${String(annee + 1)}-01-01`,
    fin: `${String(annee + 1)}-12-31`,
    courante: false,
  });
  await tx.insert(t.tauxControle).values(
    aops.map(([, a], i) => ({
      campagneId: campagne.id,
      aopIgpId: a.id,
      taux: i % 3 === 0 ? 20 : i % 3 === 1 ? 15 : 25,
    })),
  );

  // Auditors of the certifying bodies of the ODG's labels (external controls are theirs).
  const ocs = await tx
    .selectDistinct({ id: t.organismeCertificateur.organismeId })
    .from(t.organismeCertificateur)
    .where(eq(t.organismeCertificateur.odgId, odgId));
  const auditeurs: number[] = [];
  for (const oc of ocs) {
    const exist = await tx
      .select({ id: t.personnePhysique.id })
      .from(t.personnePhysique)
      .where(eq(t.personnePhysique.organismeId, oc.id));
    if (exist.length > 0) {
      auditeurs.push(...exist.map((e) => e.id));
      continue;
    }
    const rows = await tx
      .insert(t.personnePhysique)
      .values(
        AUDITEURS_OC.map(([nom, prenom]) => ({
          nom,
          prenom,
          mail: `${prenom}.${nom}@oc.test`.toLowerCase(),
          organismeId: oc.id,
        })),
      )
      .returning({ id: t.personnePhysique.id });
    auditeurs.push(...rows.map((r) => r.id));
  }

  const points = new Map<number, number[]>();
  for (const [, a] of aops) {
    const rows = await tx
      .select({ id: t.pointControleAop.pointControleId })
      .from(t.pointControleAop)
      .where(eq(t.pointControleAop.aopIgpId, a.id));
    points.set(
      a.id,
      rows.map((r) => r.id),
    );
  }

  // Controls since January: about one operator in ten of the ODG, up to last week.
  const candidats = operateurs.filter((o) =>
    o.habilitations.some((h) => obtenir(refs.aop, h.aop, 'label').odg === ctx.odg),
  );
  const jours = Math.max(
    1,
    Math.floor((Date.parse(aujourdhui) - Date.parse(`${annee}-01-01`)) / 86_400_000) - 10,
  );
  const nombre = Math.max(60, Math.floor(candidats.length / 10));
  const lignes: (typeof t.controle.$inferInsert)[] = [];
  for (let i = 0; i < nombre; i++) {
    const o = random.pick(candidats);
    const hab = defined(
      o.habilitations.find((h) => obtenir(refs.aop, h.aop, 'label').odg === ctx.odg),
      'a habilitation in the ODG of a candidate',
    );
    const aop = obtenir(refs.aop, hab.aop, 'label');
    let jour = ajouterJours(`${annee}-01-02`, random.int(0, jours));
    if (new Date(`${jour}T12:00:00Z`).getUTCDay() === 0) jour = ajouterJours(jour, 1);
    const externe = auditeurs.length > 0 && random.int(0, 5) === 0;
    lignes.push({
      odgId,
      personneMoraleId: o.id,
      aopIgpId: aop.id,
      controleurId: externe ? null : ctx.controleurId,
      auditeurId: externe ? random.pick(auditeurs) : null,
      date: heureParis(jour, random.pick([8, 10, 14]), 0),
      niveau: random.pick(NIVEAUX),
      nature: externe ? 'EXTERNE' : 'INTERNE',
      statut: 'REALISE',
      resultat: random.int(0, 2) === 0 ? 'NON_CONFORME' : 'CONFORME',
      etapeSaisie: 4,
      siteIds: o.siteIds,
      activiteAopIgpIds: hab.activites.map((a) =>
        obtenir(aop.activites, a, 'activity of the label'),
      ),
      observation: random.pick(OBSERVATIONS),
    });
  }
  const ids: {
    id: number;
    personneMoraleId: number;
    aopIgpId: number;
    resultat: string | null;
    date: Date;
  }[] = [];
  for (let i = 0; i < lignes.length; i += 500) {
    ids.push(
      ...(await tx
        .insert(t.controle)
        .values(lignes.slice(i, i + 500))
        .returning({
          id: t.controle.id,
          personneMoraleId: t.controle.personneMoraleId,
          aopIgpId: t.controle.aopIgpId,
          resultat: t.controle.resultat,
          date: t.controle.date,
        })),
    );
  }
  const manquements: (typeof t.manquement.$inferInsert)[] = [];
  for (const c of ids.filter((c) => c.resultat === 'NON_CONFORME')) {
    const pts = points.get(c.aopIgpId) ?? [];
    for (let k = 0; k < random.int(1, 2) && pts.length > 0; k++) {
      const jour = c.date.toISOString().slice(0, 10);
      manquements.push({
        controleId: c.id,
        personneMoraleId: c.personneMoraleId,
        aopIgpId: c.aopIgpId,
        pointControleId: random.pick(pts.slice(0, 8)),
        etat: random.pick(ETATS),
        niveau: random.pick(GRAVITES),
        valeur: 'NC',
        informationsAuditeur: 'Écart constaté lors de la visite.',
        mesureCorrective: 'Mettre en conformité',
        delaiSuiviCorrective: '1 mois',
        dateSuiviCorrective: ajouterJours(jour, 30),
        mesureCorrectrice: 'Transmettre un justificatif',
        delaiSuiviCorrectrice: '2 mois',
        dateSuiviCorrectrice: ajouterJours(jour, 60),
        dateDerniereEvolution: c.date,
      });
    }
  }
  for (let i = 0; i < manquements.length; i += 500)
    await tx.insert(t.manquement).values(manquements.slice(i, i + 500));
}
