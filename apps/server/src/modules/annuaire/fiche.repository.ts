import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activite,
  aopIgp,
  contact,
  controle,
  fichier,
  groupe,
  groupeMembre,
  habilitation,
  manquement,
  personneMorale,
  pointControle,
  site,
} from '../../db/schema';
import { moraleDuPerimetre } from './perimetre';

const resume = {
  id: fichier.id,
  fileName: fichier.fileName,
  typeDocument: fichier.typeDocument,
  dateCreation: fichier.dateCreation,
  habilitationId: fichier.habilitationId,
};

/** Everything an operator's file card shows, each list restricted to the ODG's labels. */
export function createFicheRepository(db: Database) {
  return {
    async morale(odg: number, id: number) {
      const [pm] = await db
        .select()
        .from(personneMorale)
        .where(
          and(eq(personneMorale.id, id), isNull(personneMorale.deletedAt), moraleDuPerimetre(odg)),
        );
      if (!pm) return undefined;
      const [sites, contacts, habilitations, controles, manquements, fichiers, groupes] =
        await Promise.all([
          db
            .select()
            .from(site)
            .where(eq(site.personneMoraleId, id))
            .orderBy(desc(site.siege), asc(site.libelle)),
          db
            .select()
            .from(contact)
            .where(eq(contact.personneMoraleId, id))
            .orderBy(asc(contact.nom), asc(contact.id)),
          db
            .select({
              id: habilitation.id,
              statut: habilitation.statut,
              dateDi: habilitation.dateDi,
              aopId: aopIgp.id,
              aop: aopIgp.libelle,
              activiteId: activite.id,
              activite: activite.libelle,
            })
            .from(habilitation)
            .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
            .innerJoin(activite, eq(activite.id, habilitation.activiteId))
            .where(and(eq(habilitation.personneMoraleId, id), eq(aopIgp.odgId, odg)))
            .orderBy(asc(aopIgp.libelle), asc(activite.libelle)),
          db
            .select({
              id: controle.id,
              date: controle.date,
              statut: controle.statut,
              resultat: controle.resultat,
              aop: aopIgp.libelle,
            })
            .from(controle)
            .innerJoin(aopIgp, eq(aopIgp.id, controle.aopIgpId))
            .where(
              and(
                eq(controle.personneMoraleId, id),
                eq(controle.odgId, odg),
                isNull(controle.deletedAt),
              ),
            )
            .orderBy(desc(controle.date))
            .limit(200),
          db
            .select({
              id: manquement.id,
              date: manquement.dateDerniereEvolution,
              libelle: pointControle.libelle,
              etat: manquement.etat,
            })
            .from(manquement)
            .innerJoin(aopIgp, eq(aopIgp.id, manquement.aopIgpId))
            .innerJoin(pointControle, eq(pointControle.id, manquement.pointControleId))
            .where(
              and(
                eq(manquement.personneMoraleId, id),
                eq(aopIgp.odgId, odg),
                isNull(manquement.deletedAt),
              ),
            )
            .orderBy(desc(manquement.dateDerniereEvolution))
            .limit(200),
          db
            .select(resume)
            .from(fichier)
            .where(eq(fichier.personneMoraleId, id))
            .orderBy(desc(fichier.dateCreation)),
          db
            .select({ id: groupe.id, libelle: groupe.libelle })
            .from(groupeMembre)
            .innerJoin(groupe, eq(groupe.id, groupeMembre.groupeId))
            .where(and(eq(groupeMembre.personneMoraleId, id), eq(groupe.odgId, odg)))
            .orderBy(asc(groupe.libelle)),
        ]);
      const habIds = habilitations.map((h) => h.id);
      const fichiersHab = habIds.length
        ? await db.select(resume).from(fichier).where(inArray(fichier.habilitationId, habIds))
        : [];
      return {
        pm,
        sites,
        contacts,
        habilitations,
        controles,
        manquements,
        fichiers,
        fichiersHab,
        groupes,
      };
    },
  };
}
export type FicheRepository = ReturnType<typeof createFicheRepository>;
