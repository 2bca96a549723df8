import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ControleDocument } from '@estive/contracts';
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
import { fichierResume, s, versResume, versSite } from './annuaire-documents.repository';

const distincts = (values: number[]) => [...new Set(values)];

/**
 * Control documents as the entry form needs them offline (spec part 2 §3): the control with its
 * label, sites, files, ODG letterhead, certifying body, active referentials and the operator's
 * open shortcomings on that label. Everything is loaded per batch, never per control.
 */
export function createControleDocumentsRepository(db: Database) {
  return {
    async controles(ids: number[]): Promise<ControleDocument[]> {
      if (ids.length === 0) return [];
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
      const sitesParId = new Map(sites.map((r) => [r.id, versSite(r)]));
      const dateDi = new Map(
        habilitations.map((h) => [`${h.personneMoraleId}/${h.aopIgpId}`, h.dateDi]),
      );

      return rows.map(({ c, aop, odg }) => {
        const oc = certificateurs.find(
          (r) => r.oc.odgId === c.odgId && r.oc.aopIds.includes(c.aopIgpId),
        );
        return {
          id: String(c.id),
          _deleted: false as const,
          version: c.version,
          clientUuid: c.clientUuid,
          numeroRapport: String(c.numeroRapport),
          date: c.date.toISOString(),
          tourneeId: s(c.tourneeId),
          personneMoraleId: String(c.personneMoraleId),
          controleurId: s(c.controleurId),
          aopIgp: {
            id: String(aop.id),
            libelle: aop.libelle,
            type: aop.type,
            migre: aop.migre,
            graviteColLabel: aop.graviteColLabel,
          },
          sites: c.siteIds.flatMap((id) => sitesParId.get(id) ?? []),
          niveau: c.niveau,
          nature: c.nature,
          statut: c.statut,
          resultat: c.resultat,
          activiteAopIgpIds: c.activiteAopIgpIds.map(String),
          dateDi: dateDi.get(`${c.personneMoraleId}/${c.aopIgpId}`) ?? null,
          fichiers: fichiers
            .filter((f) => c.fichierIds.includes(f.id) || f.controleId === c.id)
            .map(versResume),
          grille: c.grille ?? null,
          synthese: c.synthese ?? null,
          etapeSaisie: c.etapeSaisie,
          odgRef: {
            id: String(odg.id),
            raisonSociale: odg.raisonSociale,
            siret: odg.siret,
            adresse: odg.adresse,
            codePostal: odg.codePostal,
            ville: odg.ville,
            telephone: odg.telephone,
            mail: odg.mail,
            logoId: s(odg.logoFichierId),
          },
          organisme: oc ? { id: String(oc.oc.organismeId), raisonSociale: oc.raisonSociale } : null,
          referentiels: referentiels
            .filter((r) => r.aopIgpId === c.aopIgpId)
            .map((r) => ({ id: String(r.id), libelle: r.libelle, actif: r.actif })),
          dernierManquements: manquements
            .filter(
              ({ m }) =>
                m.personneMoraleId === c.personneMoraleId &&
                m.aopIgpId === c.aopIgpId &&
                m.controleId !== c.id,
            )
            .map(({ m, code, libelle, categorie: cat }) => ({
              id: String(m.id),
              dateDerniereEvolution: m.dateDerniereEvolution.toISOString(),
              categorie: cat,
              niveau: m.niveau,
              pointControleCode: code,
              pointControleLibelle: libelle,
              informationsAuditeur: m.informationsAuditeur,
              informationsAudite: m.informationsAudite,
              commentaire: m.commentaire,
              mesureCorrective: m.mesureCorrective,
              delaiSuiviCorrective: m.delaiSuiviCorrective,
              dateSuiviCorrective: m.dateSuiviCorrective,
              mesureCorrectrice: m.mesureCorrectrice,
              delaiSuiviCorrectrice: m.delaiSuiviCorrectrice,
              dateSuiviCorrectrice: m.dateSuiviCorrectrice,
            })),
          raisonAbandon: c.raisonAbandon,
          conflit: c.conflit,
        };
      });
    },
  };
}
export type ControleDocumentsRepository = ReturnType<typeof createControleDocumentsRepository>;
