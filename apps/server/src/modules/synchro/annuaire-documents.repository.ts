import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activite,
  aopIgp,
  contact,
  fichier,
  habilitation,
  manquement,
  personneMorale,
  site,
  tournee,
  tourneeOperateur,
} from '../../db/schema';

export const s = (id: number | null) => (id === null ? null : String(id));

export const fichierResume = {
  id: fichier.id,
  fileName: fichier.fileName,
  typeDocument: fichier.typeDocument,
  dateCreation: fichier.dateCreation,
  personneMoraleId: fichier.personneMoraleId,
  habilitationId: fichier.habilitationId,
  controleId: fichier.controleId,
};
type FichierRow = { id: number; fileName: string; typeDocument: string; dateCreation: Date };
export const versResume = <T extends FichierRow>(f: T) => ({
  id: String(f.id),
  fileName: f.fileName,
  typeDocument: f.typeDocument as (typeof fichier.$inferSelect)['typeDocument'],
  dateCreation: f.dateCreation.toISOString(),
});

export const versSite = (r: typeof site.$inferSelect) => ({
  id: String(r.id),
  libelle: r.libelle,
  ede: r.ede,
  siege: r.siege,
  adresse1: r.adresse1,
  adresse2: r.adresse2,
  adresse3: r.adresse3,
  codePostal: r.codePostal,
  ville: r.ville,
  latitude: r.latitude,
  longitude: r.longitude,
  debutUtilisation: r.debutUtilisation,
  finUtilisation: r.finUtilisation,
  telephone: r.telephone,
  mail: r.mail,
  aopIds: r.aopIds.map(String),
});

function grouper<T, K>(rows: T[], cle: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = cle(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/** Directory, round and shortcoming documents, by id; rows already passed the feed's scope. */
export function createAnnuaireDocumentsRepository(db: Database) {
  return {
    async annuaire(ids: number[]) {
      const [morales, habs, sites, contacts, fichiersOperateur] = await Promise.all([
        db.select().from(personneMorale).where(inArray(personneMorale.id, ids)),
        db
          .select({
            h: habilitation,
            aopLibelle: aopIgp.libelle,
            activiteLibelle: activite.libelle,
          })
          .from(habilitation)
          .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
          .innerJoin(activite, eq(activite.id, habilitation.activiteId))
          .where(inArray(habilitation.personneMoraleId, ids)),
        db.select().from(site).where(inArray(site.personneMoraleId, ids)).orderBy(site.id),
        db.select().from(contact).where(inArray(contact.personneMoraleId, ids)).orderBy(contact.id),
        db
          .select(fichierResume)
          .from(fichier)
          .where(
            and(
              inArray(fichier.personneMoraleId, ids),
              inArray(fichier.typeDocument, ['DI', 'RAPPORT_AUDIT']),
            ),
          )
          .orderBy(desc(fichier.dateCreation), desc(fichier.id)),
      ]);
      const habIds = habs.map((r) => r.h.id);
      const fichiersHab =
        habIds.length === 0
          ? []
          : await db
              .select(fichierResume)
              .from(fichier)
              .where(inArray(fichier.habilitationId, habIds));
      const fichiersParHab = grouper(fichiersHab, (f) => f.habilitationId);
      const habsPar = grouper(habs, (r) => r.h.personneMoraleId);
      const sitesPar = grouper(sites, (r) => r.personneMoraleId);
      const contactsPar = grouper(contacts, (r) => r.personneMoraleId);
      const fichiersPar = grouper(fichiersOperateur, (r) => r.personneMoraleId);
      return morales.map((m) => {
        const habilitations = (habsPar.get(m.id) ?? []).map(
          ({ h, aopLibelle, activiteLibelle }) => ({
            id: String(h.id),
            aopIgp: { id: String(h.aopIgpId), libelle: aopLibelle },
            activite: { id: String(h.activiteId), libelle: activiteLibelle },
            statut: h.statut,
            dateDi: h.dateDi,
            fichiers: (fichiersParHab.get(h.id) ?? []).map(versResume),
          }),
        );
        return {
          id: String(m.id),
          _deleted: false as const,
          version: m.version,
          type: m.type,
          siret: m.siret,
          ede: m.ede,
          pac: m.pacage,
          raisonSociale: m.raisonSociale,
          nom: m.nom,
          adresse1: m.adresse1,
          adresse2: m.adresse2,
          adresse3: m.adresse3,
          adresse4: m.adresse4,
          codePostal: m.codePostal,
          ville: m.ville,
          latitude: m.latitude,
          longitude: m.longitude,
          telephone1: m.telephone1,
          telephone2: m.telephone2,
          mail: m.mail,
          siteWeb: m.siteWeb,
          isHabilite: habilitations.some((h) => h.statut === 'VALIDEE'),
          habilitations,
          sites: (sitesPar.get(m.id) ?? []).map(versSite),
          contacts: (contactsPar.get(m.id) ?? []).map((c) => ({
            id: String(c.id),
            civilite: c.civilite,
            nom: c.nom,
            prenom: c.prenom,
            telephone1: c.telephone1,
            telephone2: c.telephone2,
            mail: c.mail,
            fonction: c.fonction,
          })),
          fichiers: (fichiersPar.get(m.id) ?? []).map(versResume),
        };
      });
    },

    async tournee(ids: number[]) {
      const rows = await db
        .select({ t: tournee, planningNom: fichier.fileName })
        .from(tournee)
        .leftJoin(fichier, eq(fichier.id, tournee.planningFichierId))
        .where(inArray(tournee.id, ids));
      const nombres = await db
        .select({ tourneeId: tourneeOperateur.tourneeId, n: count() })
        .from(tourneeOperateur)
        .where(inArray(tourneeOperateur.tourneeId, ids))
        .groupBy(tourneeOperateur.tourneeId);
      const nb = new Map(nombres.map((r) => [r.tourneeId, r.n]));
      return rows.map(({ t, planningNom }) => ({
        id: String(t.id),
        _deleted: false as const,
        version: t.version,
        debut: t.debut,
        fin: t.fin,
        statut: t.statut,
        odgId: String(t.odgId),
        controleurId: s(t.controleurId),
        campagneId: s(t.campagneId),
        planning:
          t.planningFichierId !== null && planningNom !== null
            ? { id: String(t.planningFichierId), fileName: planningNom }
            : null,
        nbOperateurs: nb.get(t.id) ?? 0,
      }));
    },

    async manquement(ids: number[]) {
      const rows = await db.select().from(manquement).where(inArray(manquement.id, ids));
      return rows.map((m) => ({
        id: String(m.id),
        _deleted: false as const,
        version: m.version,
        controleId: s(m.controleId),
        aopIgpId: String(m.aopIgpId),
        personneMoraleId: String(m.personneMoraleId),
        pointControleId: String(m.pointControleId),
        etat: m.etat,
        niveau: m.niveau,
        valeur: m.valeur,
        informationsAuditeur: m.informationsAuditeur,
        informationsAudite: m.informationsAudite,
        commentaire: m.commentaire,
        mesureCorrective: m.mesureCorrective,
        delaiSuiviCorrective: m.delaiSuiviCorrective,
        dateSuiviCorrective: m.dateSuiviCorrective,
        mesureCorrectrice: m.mesureCorrectrice,
        delaiSuiviCorrectrice: m.delaiSuiviCorrectrice,
        dateSuiviCorrectrice: m.dateSuiviCorrectrice,
        dateDerniereEvolution: m.dateDerniereEvolution.toISOString(),
      }));
    },
  };
}
export type AnnuaireDocumentsRepository = ReturnType<typeof createAnnuaireDocumentsRepository>;
