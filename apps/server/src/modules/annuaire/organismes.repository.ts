import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organisme, organismeCertificateur } from '../../db/schema';

const identite = {
  id: organisme.id,
  type: organisme.type,
  raisonSociale: organisme.raisonSociale,
  siret: organisme.siret,
  adresse: organisme.adresse,
  codePostal: organisme.codePostal,
  ville: organisme.ville,
  telephone: organisme.telephone,
  mail: organisme.mail,
};

/** The organisations around the directory: the active ODG itself and its certifying bodies. */
export function createOrganismesRepository(db: Database) {
  return {
    /** The ODG's identity, only when it is the active perimeter's. */
    async odg(odg: number, id: number) {
      const [r] = await db
        .select(identite)
        .from(organisme)
        .where(and(eq(organisme.id, id), eq(organisme.id, odg)));
      return r;
    },
    /** The certifying bodies (OC) of the ODG's labels, with the labels each certifies. */
    oc: (odg: number) =>
      db
        .select({ ...identite, aopIds: organismeCertificateur.aopIds })
        .from(organismeCertificateur)
        .innerJoin(organisme, eq(organisme.id, organismeCertificateur.organismeId))
        .where(and(eq(organismeCertificateur.odgId, odg), sql`${organisme.type} = 'OC'`))
        .orderBy(asc(organisme.raisonSociale), asc(organisme.id)),
  };
}
export type OrganismesRepository = ReturnType<typeof createOrganismesRepository>;
