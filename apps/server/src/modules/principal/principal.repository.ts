import { and, arrayContains, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activite,
  aopIgp,
  droit,
  fichier,
  organisme,
  personnePhysique,
  utilisateur,
} from '../../db/schema';

export function createPrincipalRepository(db: Database) {
  return {
    async findProfil(utilisateurId: number) {
      const [row] = await db
        .select({
          uuid: utilisateur.uuid,
          login: utilisateur.login,
          roles: utilisateur.roles,
          extranetEnabled: utilisateur.extranetEnabled,
          motDePasseTemporaire: utilisateur.motDePasseTemporaire,
          parametrage: utilisateur.parametrage,
          nom: personnePhysique.nom,
          prenom: personnePhysique.prenom,
          mail: personnePhysique.mail,
          telephone: personnePhysique.telephone,
        })
        .from(utilisateur)
        .innerJoin(personnePhysique, eq(personnePhysique.id, utilisateur.personnePhysiqueId))
        .where(eq(utilisateur.id, utilisateurId));
      return row;
    },

    listDroits(utilisateurId: number) {
      return db
        .select({
          id: droit.id,
          odgId: organisme.id,
          type: organisme.type,
          siret: organisme.siret,
          raisonSociale: organisme.raisonSociale,
          logoFichierId: organisme.logoFichierId,
        })
        .from(droit)
        .innerJoin(organisme, eq(organisme.id, droit.organismeId))
        .where(eq(droit.utilisateurId, utilisateurId))
        .orderBy(asc(droit.id));
    },

    listAopIgps(odgId: number | undefined) {
      return db
        .select({ id: aopIgp.id, libelle: aopIgp.libelle })
        .from(aopIgp)
        .where(odgId === undefined ? undefined : eq(aopIgp.odgId, odgId))
        .orderBy(asc(aopIgp.libelle));
    },

    listActivites() {
      return db
        .select({ id: activite.id, libelle: activite.libelle })
        .from(activite)
        .orderBy(asc(activite.libelle));
    },

    /**
     * Active users holding ROLE_CONTROLEUR with a right on the ODG: the perimeter is this WHERE.
     * A right is unique per user and ODG, so no person comes twice.
     */
    listControleurs(odgId: number) {
      return db
        .select({
          id: personnePhysique.id,
          nom: personnePhysique.nom,
          prenom: personnePhysique.prenom,
          mail: personnePhysique.mail,
          login: utilisateur.login,
          telephone: personnePhysique.telephone,
          organisme: organisme.raisonSociale,
        })
        .from(droit)
        .innerJoin(utilisateur, eq(utilisateur.id, droit.utilisateurId))
        .innerJoin(personnePhysique, eq(personnePhysique.id, utilisateur.personnePhysiqueId))
        .leftJoin(organisme, eq(organisme.id, personnePhysique.organismeId))
        .where(
          and(
            eq(droit.organismeId, odgId),
            eq(utilisateur.actif, true),
            eq(personnePhysique.anonymise, false),
            arrayContains(utilisateur.roles, ['ROLE_CONTROLEUR']),
          ),
        )
        .orderBy(asc(personnePhysique.nom), asc(personnePhysique.prenom), asc(personnePhysique.id));
    },

    async findLogo(organismeId: number) {
      const [row] = await db
        .select({ contenu: fichier.contenu, mimeType: fichier.mimeType, sha256: fichier.sha256 })
        .from(organisme)
        .innerJoin(fichier, eq(fichier.id, organisme.logoFichierId))
        .where(and(eq(organisme.id, organismeId), isNotNull(organisme.logoFichierId)));
      return row;
    },
  };
}
export type PrincipalRepository = ReturnType<typeof createPrincipalRepository>;
