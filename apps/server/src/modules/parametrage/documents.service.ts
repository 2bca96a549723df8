import type { ReferentielEcriture, ReferentielPatch } from '@estive/contracts';
import { referentielEcritureSchema } from '@estive/contracts';
import { requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { invalid, notFound } from '../../lib/errors';
import type { DocumentsRepository, FichierReferentiel } from './documents.repository';

const INTROUVABLE = "Ce document n'est pas dans votre périmètre";
const FIN_AVANT_DEBUT = 'La date de fin de validité doit être postérieure à la date de début';

function verifierValidite(debut: string | null | undefined, fin: string | null | undefined) {
  if (debut && fin && fin < debut)
    throw invalid(
      'Veuillez vérifier votre saisie',
      [],
      [{ field: 'finValidite', defaultMessage: FIN_AVANT_DEBUT }],
    );
}

/**
 * Reference documents of the ODG's labels (cahier des charges, plan d'inspection): version,
 * validity dates and the file (≤ 5,000,000 bytes, refused above with the spec's message).
 */
export function createDocumentsService(repo: DocumentsRepository) {
  async function present(odg: number, id: number) {
    const r = await repo.un(odg, id);
    if (!r) throw notFound(INTROUVABLE);
    const { fichierId, fileName, taille, ...reste } = r;
    return {
      ...reste,
      fichier:
        fichierId && fileName && taille !== null ? { id: fichierId, fileName, taille } : null,
    };
  }
  return {
    async lister(acteur: Acteur) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const lignes = await repo.lister(odg);
      return Promise.all(lignes.map((l) => present(odg, Number(l.id))));
    },

    /** Role and perimeter, before a creation's file is read from the request. */
    peutCreer(acteur: Acteur) {
      requireParametrage(acteur);
      requirePerimetre(acteur);
    },

    /** The document with its file when one comes: both or neither are stored. */
    async creer(acteur: Acteur, v: ReferentielEcriture, f?: FichierReferentiel) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const d = referentielEcritureSchema.parse(v);
      verifierValidite(d.debutValidite, d.finValidite);
      const { aopIgpId, ...valeurs } = d;
      const id = await repo.creer(odg, Number(aopIgpId), valeurs, f);
      if (id === undefined)
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'aopIgpId', defaultMessage: "Cette AOP-IGP n'est pas dans votre périmètre" }],
        );
      return present(odg, Number(id));
    },

    async modifier(acteur: Acteur, id: number, v: ReferentielPatch) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const avant = await repo.un(odg, id);
      if (!avant) throw notFound(INTROUVABLE);
      verifierValidite(
        v.debutValidite === undefined ? avant.debutValidite : v.debutValidite,
        v.finValidite === undefined ? avant.finValidite : v.finValidite,
      );
      const { versionDocument, ...reste } = v;
      await repo.modifier(id, {
        ...reste,
        ...(versionDocument !== undefined ? { versionDocument: versionDocument ?? null } : {}),
      });
      return present(odg, id);
    },

    /** Checks the document is the ODG's before its file is read from the request. */
    async verifier(acteur: Acteur, id: number) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const r = await repo.un(odg, id);
      if (!r) throw notFound(INTROUVABLE);
      return { odg, typeDocument: r.typeDocument ?? 'CAHIER_DES_CHARGES' };
    },

    async joindre(acteur: Acteur, id: number, f: FichierReferentiel) {
      const { odg, typeDocument } = await this.verifier(acteur, id);
      await repo.joindre(id, typeDocument, f);
      return present(odg, id);
    },

    async supprimer(acteur: Acteur, id: number) {
      requireParametrage(acteur);
      if (!(await repo.supprimer(requirePerimetre(acteur), id))) throw notFound(INTROUVABLE);
    },

    async fichier(acteur: Acteur, id: number) {
      requireParametrage(acteur);
      const f = await repo.fichier(requirePerimetre(acteur), id);
      if (!f) throw notFound(INTROUVABLE);
      return { fileName: f.fileName, contenu: Buffer.from(f.contenu) };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
