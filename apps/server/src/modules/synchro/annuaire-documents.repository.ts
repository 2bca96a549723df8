import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { annuaireDocumentSchema } from '@estive/contracts';
import { queryRows, type Database } from '../../db/client';
import type { site } from '../../db/schema';
import { fichier, manquement, tournee, tourneeOperateur } from '../../db/schema';

type AnnuaireDocument = z.infer<typeof annuaireDocumentSchema>;

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

/** Directory, round and shortcoming documents, by id; rows already passed the feed's scope. */
export function createAnnuaireDocumentsRepository(db: Database) {
  return {
    /**
     * One SQL per batch builds every document as JSON (the batch's operators, their labels, sites,
     * contacts and files): the feed's cost was the round trips and the per-row shaping in JS.
     * Formats follow what the JS shaping gave: ids as text, `date` as YYYY-MM-DD, file dates as
     * `toISOString()` (UTC, milliseconds truncated), sub-lists in id order (files newest first).
     */
    async annuaire(ids: number[]) {
      if (ids.length === 0) return [];
      const fichierJson = (f: SQL) => sql`json_build_object(
        'id', ${f}.id::text, 'fileName', ${f}.file_name, 'typeDocument', ${f}.type_document,
        'dateCreation', to_char(${f}.date_creation at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
      const rows = await queryRows<{ d: AnnuaireDocument }>(
        db,
        sql`select json_build_object(
          'id', m.id::text, '_deleted', false, 'version', m.version, 'type', m.type,
          'siret', m.siret, 'ede', m.ede, 'pac', m.pacage, 'raisonSociale', m.raison_sociale,
          'nom', m.nom, 'adresse1', m.adresse1, 'adresse2', m.adresse2, 'adresse3', m.adresse3,
          'adresse4', m.adresse4, 'codePostal', m.code_postal, 'ville', m.ville,
          'latitude', m.latitude, 'longitude', m.longitude, 'telephone1', m.telephone1,
          'telephone2', m.telephone2, 'mail', m.mail, 'siteWeb', m.site_web,
          'isHabilite', exists (select 1 from habilitation h
                                 where h.personne_morale_id = m.id and h.statut = 'VALIDEE'),
          'habilitations', coalesce((select json_agg(json_build_object(
              'id', h.id::text,
              'aopIgp', json_build_object('id', a.id::text, 'libelle', a.libelle),
              'activite', json_build_object('id', ac.id::text, 'libelle', ac.libelle),
              'statut', h.statut, 'dateDi', h.date_di,
              'fichiers', coalesce((select json_agg(${fichierJson(sql`f`)} order by f.id)
                                      from fichier f where f.habilitation_id = h.id), '[]'::json)
            ) order by h.id)
            from habilitation h join aop_igp a on a.id = h.aop_igp_id
            join activite ac on ac.id = h.activite_id
            where h.personne_morale_id = m.id), '[]'::json),
          'sites', coalesce((select json_agg(json_build_object(
              'id', s.id::text, 'libelle', s.libelle, 'ede', s.ede, 'siege', s.siege,
              'adresse1', s.adresse1, 'adresse2', s.adresse2, 'adresse3', s.adresse3,
              'codePostal', s.code_postal, 'ville', s.ville, 'latitude', s.latitude,
              'longitude', s.longitude, 'debutUtilisation', s.debut_utilisation,
              'finUtilisation', s.fin_utilisation, 'telephone', s.telephone, 'mail', s.mail,
              'aopIds', to_json(s.aop_ids::text[])
            ) order by s.id) from site s where s.personne_morale_id = m.id), '[]'::json),
          'contacts', coalesce((select json_agg(json_build_object(
              'id', c.id::text, 'civilite', c.civilite, 'nom', c.nom, 'prenom', c.prenom,
              'telephone1', c.telephone1, 'telephone2', c.telephone2, 'mail', c.mail,
              'fonction', c.fonction
            ) order by c.id) from contact c where c.personne_morale_id = m.id), '[]'::json),
          'fichiers', coalesce((select json_agg(${fichierJson(sql`f`)}
                                  order by f.date_creation desc, f.id desc)
              from fichier f where f.personne_morale_id = m.id
               and f.type_document in ('DI', 'RAPPORT_AUDIT')), '[]'::json)
        ) as d
        from personne_morale m
        where m.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return rows.map((r) => r.d);
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
