import { eq } from 'drizzle-orm';
import { at, type NiveauControle, type StatutControle } from '@estive/domain';
import type { Transaction } from '../db/client';
import * as t from '../db/schema';
import { sha256Hex } from '../lib/hash';
import { ajouterJours, aujourdhuiParis, heureParis, lundiDe } from './dates';
import { pdfSimple } from './fichiers-demo';
import type { Random } from './random';
import type { OperateurDemo } from './seed-annuaire';
import type { ReferentielIds } from './seed-referentiel';
import { obtenir } from './obtenir';
import { uneLigne } from '../db/une-ligne';

const CRENEAUX: [number, number][] = [
  [8, 0],
  [10, 30],
  [14, 0],
  [16, 15],
];
const NIVEAUX: NiveauControle[] = ['SUP_TERRAIN', 'INIT_EXHAUSTIF', 'SUP_DOC', 'HABILITATION'];

interface Contexte {
  tx: Transaction;
  random: Random;
  refs: ReferentielIds;
  odg: string;
  controleurId: number;
}

async function insererFichier(
  tx: Transaction,
  values: Omit<typeof t.fichier.$inferInsert, 'taille' | 'sha256' | 'mimeType'>,
) {
  const row = uneLigne(
    await tx
      .insert(t.fichier)
      .values({
        ...values,
        mimeType: 'application/pdf',
        taille: values.contenu.length,
        sha256: sha256Hex(values.contenu),
      })
      .returning({ id: t.fichier.id }),
  );
  return row.id;
}

/** One visit: a control per label the operator is habilitated for, at the same time. */
async function planifierVisite(
  ctx: Contexte,
  tourneeId: number | null,
  operateur: OperateurDemo,
  date: Date,
  statut: StatutControle,
) {
  const { tx, random, refs } = ctx;
  const di = await insererFichier(tx, {
    typeDocument: 'DI',
    fileName: `DI-${operateur.siret}.pdf`,
    personneMoraleId: operateur.id,
    contenu: pdfSimple([
      "Déclaration d'identification",
      operateur.raisonSociale,
      `SIRET ${operateur.siret}`,
    ]),
  });
  const ids: number[] = [];
  for (const hab of operateur.habilitations.filter(
    (h) => obtenir(refs.aop, h.aop, 'label').odg === ctx.odg,
  )) {
    const aop = obtenir(refs.aop, hab.aop, 'label');
    const row = uneLigne(
      await tx
        .insert(t.controle)
        .values({
          tourneeId,
          odgId: obtenir(refs.odg, ctx.odg, 'ODG'),
          personneMoraleId: operateur.id,
          aopIgpId: aop.id,
          controleurId: ctx.controleurId,
          date,
          niveau: random.pick(NIVEAUX),
          statut,
          resultat: statut === 'REALISE' ? 'NON_CONFORME' : null,
          etapeSaisie: statut === 'REALISE' ? 4 : 1,
          siteIds: operateur.siteIds,
          activiteAopIgpIds: hab.activites.map((a) =>
            obtenir(aop.activites, a, 'activity of the label'),
          ),
          fichierIds: [di],
          raisonAbandon: statut === 'ANNULE' ? 'Exploitant absent, visite à reprogrammer' : null,
        })
        .returning({ id: t.controle.id }),
    );
    ids.push(row.id);
  }
  return ids;
}

/**
 * Rounds around the current week for a controller: last week's finished round (with shortcomings
 * still open, shown as previous shortcomings), this week's and next week's programmed rounds.
 */
export async function seedTournees(ctx: Contexte, operateurs: OperateurDemo[]) {
  const { tx, random, refs } = ctx;
  const odgId = obtenir(refs.odg, ctx.odg, 'ODG');
  const candidats = operateurs.filter((o) =>
    o.habilitations.some((h) => obtenir(refs.aop, h.aop, 'label').odg === ctx.odg),
  );
  const aujourdhui = aujourdhuiParis();
  const lundi = lundiDe(aujourdhui);
  let suivant = 0;
  const prochain = () => at(candidats, suivant++ % candidats.length);

  // Last week: done, with shortcomings that stay open on operators visited again this week.
  const lundiPasse = ajouterJours(lundi, -7);
  const passee = uneLigne(
    await tx
      .insert(t.tournee)
      .values({
        odgId,
        controleurId: ctx.controleurId,
        debut: lundiPasse,
        fin: ajouterJours(lundiPasse, 5),
        statut: 'TERMINEE',
      })
      .returning({ id: t.tournee.id }),
  );
  const revisites: OperateurDemo[] = [];
  for (let jour = 0; jour < 3; jour++) {
    const operateur = prochain();
    const [h, m] = at(CRENEAUX, jour);
    const ids = await planifierVisite(
      ctx,
      passee.id,
      operateur,
      heureParis(ajouterJours(lundiPasse, jour), h, m),
      'REALISE',
    );
    const premier = uneLigne(
      await tx
        .select()
        .from(t.controle)
        .where(eq(t.controle.id, at(ids, 0))),
    );
    const points = await tx
      .select()
      .from(t.pointControleAop)
      .where(eq(t.pointControleAop.aopIgpId, premier.aopIgpId));
    const point = points.find((p) => p.seuil.majeur) ?? at(points, 0);
    await tx.insert(t.manquement).values({
      controleId: premier.id,
      personneMoraleId: operateur.id,
      aopIgpId: premier.aopIgpId,
      pointControleId: point.pointControleId,
      etat: 'EN_COURS',
      niveau: 'MAJEUR',
      valeur: '1,45',
      informationsAuditeur:
        'Chargement supérieur au plafond du cahier des charges sur la campagne.',
      informationsAudite: 'Achat de foin prévu, réduction du troupeau de génisses.',
      mesureCorrective: "Réduire le nombre de génisses élevées sur l'exploitation",
      delaiSuiviCorrective: '3 mois',
      mesureCorrectrice: 'Fournir le bilan fourrager de la campagne',
      delaiSuiviCorrectrice: '1 mois',
    });
    revisites.push(operateur);
  }

  // This week and next week: visits Monday to Friday, four slots a day at most.
  for (const [semaine, lundiSemaine] of [
    [0, lundi],
    [1, ajouterJours(lundi, 7)],
  ] as const) {
    const planning = await insererFichier(tx, {
      typeDocument: 'PLANNING',
      fileName: `planning-semaine-${lundiSemaine}.pdf`,
      contenu: pdfSimple(['Planning de contrôle', `Semaine du ${lundiSemaine}`]),
    });
    const tournee = uneLigne(
      await tx
        .insert(t.tournee)
        .values({
          odgId,
          controleurId: ctx.controleurId,
          debut: lundiSemaine,
          fin: ajouterJours(lundiSemaine, 5),
          statut: 'SYNCHRONISE',
          planningFichierId: planning,
        })
        .returning({ id: t.tournee.id }),
    );
    for (let jour = 0; jour < 5; jour++) {
      const date = ajouterJours(lundiSemaine, jour);
      for (const [h, m] of CRENEAUX.slice(0, random.int(1, 3))) {
        const operateur = (semaine === 0 ? revisites.shift() : undefined) ?? prochain();
        await tx
          .insert(t.tourneeOperateur)
          .values({ tourneeId: tournee.id, personneMoraleId: operateur.id, valide: true })
          .onConflictDoNothing();
        await planifierVisite(ctx, tournee.id, operateur, heureParis(date, h, m), 'PROGRAMME');
      }
    }
  }
}

/** A round being prepared by the animator, and operators waiting in the basket. */
export async function seedPreparation(
  ctx: Omit<Contexte, 'controleurId'>,
  operateurs: OperateurDemo[],
) {
  const { tx, refs } = ctx;
  const odgId = obtenir(refs.odg, ctx.odg, 'ODG');
  const candidats = operateurs
    .filter((o) => o.habilitations.some((h) => obtenir(refs.aop, h.aop, 'label').odg === ctx.odg))
    .slice(-12);
  const lundi = ajouterJours(lundiDe(aujourdhuiParis()), 14);
  await tx
    .insert(t.tournee)
    .values({ odgId, debut: lundi, fin: ajouterJours(lundi, 5), statut: 'PREPARATION' });
  await tx
    .insert(t.panier)
    .values(candidats.slice(0, 6).map((o) => ({ odgId, personneMoraleId: o.id })));
}
