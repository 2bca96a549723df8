import type { ControleDocument } from '@estive/contracts';
import { grilleSchema, synthesesSchema } from '@estive/domain';
import type {
  aopIgp,
  controle,
  fichier,
  manquement,
  organisme,
  organismeCertificateur,
  referentiel,
  site,
} from '../../db/schema';
import {
  documentFichier,
  documentSite,
  idOuNull,
  suiviManquement,
  type Ligne,
} from './documents.presenter';

/** The rows of one batch of controls (controle-documents.repository). */
export interface LignesControles {
  rows: { c: Ligne<typeof controle>; aop: Ligne<typeof aopIgp>; odg: Ligne<typeof organisme> }[];
  sites: Ligne<typeof site>[];
  fichiers: Pick<
    Ligne<typeof fichier>,
    'id' | 'fileName' | 'typeDocument' | 'dateCreation' | 'controleId'
  >[];
  referentiels: Ligne<typeof referentiel>[];
  certificateurs: { oc: Ligne<typeof organismeCertificateur>; raisonSociale: string }[];
  manquements: { m: Ligne<typeof manquement>; code: string; libelle: string; categorie: string }[];
  habilitations: { personneMoraleId: number; aopIgpId: number; dateDi: string | null }[];
}

/** Control documents as the entry form needs them offline (spec part 2 §3), from their rows. */
export function documentsControles(lignes: LignesControles): ControleDocument[] {
  const { rows, sites, fichiers, referentiels, certificateurs, manquements, habilitations } =
    lignes;
  const sitesParId = new Map(sites.map((r) => [r.id, documentSite(r)]));
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
      tourneeId: idOuNull(c.tourneeId),
      personneMoraleId: String(c.personneMoraleId),
      controleurId: idOuNull(c.controleurId),
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
        .map(documentFichier),
      // The jsonb columns are read through the domain's schemas: the document says Grille.
      grille: grilleSchema.nullable().parse(c.grille ?? null),
      synthese: synthesesSchema.nullable().parse(c.synthese ?? null),
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
        logoId: idOuNull(odg.logoFichierId),
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
        .map(({ m, code, libelle, categorie }) => ({
          id: String(m.id),
          dateDerniereEvolution: m.dateDerniereEvolution.toISOString(),
          categorie,
          niveau: m.niveau,
          pointControleCode: code,
          pointControleLibelle: libelle,
          ...suiviManquement(m),
        })),
      raisonAbandon: c.raisonAbandon,
      conflit: c.conflit,
    };
  });
}
