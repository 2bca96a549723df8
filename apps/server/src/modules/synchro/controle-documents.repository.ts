import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  aopIgp,
  categorie,
  controle,
  fichier,
  habilitation,
  manquement,
  organisme,
  organismeCertificateur,
  pointControle,
  referentiel,
  site,
} from '../../db/schema';
import { fichierResume } from './annuaire-documents.repository';

const distincts = (values: number[]) => [...new Set(values)];

/**
 * What a control document is made of (spec part 2 §3): the controls with their label and ODG, and
 * for the whole batch their sites, files, certifying bodies, active referentials, the operators'
 * open shortcomings and DI dates. Loaded per batch, never per control.
 */
export function createControleDocumentsRepository(db: Database) {
  return {
    async controles(ids: number[]) {
      const rows = await db
        .select({ c: controle, aop: aopIgp, odg: organisme })
        .from(controle)
        .innerJoin(aopIgp, eq(aopIgp.id, controle.aopIgpId))
        .innerJoin(organisme, eq(organisme.id, controle.odgId))
        .where(inArray(controle.id, ids))
        .orderBy(controle.id);
      const siteIds = distincts(rows.flatMap((r) => r.c.siteIds));
      const fichierIds = distincts(rows.flatMap((r) => r.c.fichierIds));
      const aopIds = distincts(rows.map((r) => r.c.aopIgpId));
      const odgIds = distincts(rows.map((r) => r.c.odgId));
      const moraleIds = distincts(rows.map((r) => r.c.personneMoraleId));

      const [sites, fichiers, referentiels, certificateurs, manquements, habilitations] =
        await Promise.all([
          siteIds.length ? db.select().from(site).where(inArray(site.id, siteIds)) : [],
          db
            .select(fichierResume)
            .from(fichier)
            .where(
              fichierIds.length
                ? or(inArray(fichier.id, fichierIds), inArray(fichier.controleId, ids))
                : inArray(fichier.controleId, ids),
            )
            .orderBy(fichier.id),
          db
            .select()
            .from(referentiel)
            .where(
              and(
                inArray(referentiel.aopIgpId, aopIds),
                eq(referentiel.actif, true),
                isNull(referentiel.deletedAt),
              ),
            )
            .orderBy(referentiel.id),
          db
            .select({ oc: organismeCertificateur, raisonSociale: organisme.raisonSociale })
            .from(organismeCertificateur)
            .innerJoin(organisme, eq(organisme.id, organismeCertificateur.organismeId))
            .where(
              and(
                inArray(organismeCertificateur.odgId, odgIds),
                isNull(organismeCertificateur.deletedAt),
              ),
            ),
          db
            .select({
              m: manquement,
              code: pointControle.code,
              libelle: pointControle.libelle,
              categorie: categorie.libelle,
            })
            .from(manquement)
            .innerJoin(pointControle, eq(pointControle.id, manquement.pointControleId))
            .innerJoin(categorie, eq(categorie.id, pointControle.categorieId))
            .where(
              and(
                inArray(manquement.personneMoraleId, moraleIds),
                inArray(manquement.aopIgpId, aopIds),
                eq(manquement.etat, 'EN_COURS'),
                isNull(manquement.deletedAt),
              ),
            )
            .orderBy(desc(manquement.dateDerniereEvolution), manquement.id),
          db
            .select({
              personneMoraleId: habilitation.personneMoraleId,
              aopIgpId: habilitation.aopIgpId,
              dateDi: sql<string | null>`max(${habilitation.dateDi})::text`,
            })
            .from(habilitation)
            .where(inArray(habilitation.personneMoraleId, moraleIds))
            .groupBy(habilitation.personneMoraleId, habilitation.aopIgpId),
        ]);
      return { rows, sites, fichiers, referentiels, certificateurs, manquements, habilitations };
    },
  };
}
export type ControleDocumentsRepository = ReturnType<typeof createControleDocumentsRepository>;
