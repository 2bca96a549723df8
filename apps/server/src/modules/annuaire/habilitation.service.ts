import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type {
  habilitationEcritureSchema,
  habilitationPatchSchema,
  PageTriQuery,
} from '@estive/contracts';
import type { StatutHabilitation } from '@estive/domain';
import type { Acteur } from '../../lib/acteur';
import { conflict, notFound } from '../../lib/errors';
import { parIds } from '../../lib/paging';
import type { HabilitationFiltres, HabilitationRepository } from './habilitation.repository';
import { bureau, pageDuBureau } from './personne-morale.service';

export interface DocumentRecu {
  fileName: string;
  mimeType: string;
  contenu: Buffer;
}
const s = (id: number) => String(id);
const avecSha = (d: DocumentRecu | null) =>
  d && { ...d, sha256: createHash('sha256').update(d.contenu).digest('hex') };

type Ligne = Awaited<ReturnType<HabilitationRepository['rechercher']>>['content'][number];
const versLigne = (h: Ligne) => ({
  id: s(h.id),
  personneMoraleId: s(h.personneMoraleId),
  raisonSociale: h.raisonSociale,
  siret: h.siret,
  aopIgp: { id: s(h.aopIgpId), libelle: h.aopIgp },
  activite: { id: s(h.activiteId), libelle: h.activite },
  statut: h.statut,
  dateDi: h.dateDi,
});

export function createHabilitationService(repository: HabilitationRepository) {
  return {
    rechercher: (acteur: Acteur, f: HabilitationFiltres, q: PageTriQuery) =>
      pageDuBureau(
        acteur,
        q,
        (odg, offset, limite) => repository.rechercher(odg, f, q.sort, offset, limite),
        versLigne,
      ),
    exporter(acteur: Acteur, f: HabilitationFiltres, sort: string[]) {
      const odg = bureau(acteur);
      return (async function* () {
        yield* parIds(await repository.idsExport(odg, f, sort), (ids) =>
          repository.lignesExport(odg, ids),
        );
      })();
    },
    async fiche(acteur: Acteur, id: number) {
      const h = await repository.trouver(bureau(acteur), id);
      if (!h) throw notFound();
      return {
        ...versLigne(h),
        fichiers: h.fichiers.map((f) => ({
          id: s(f.id),
          fileName: f.fileName,
          typeDocument: f.typeDocument,
          dateCreation: f.dateCreation.toISOString(),
        })),
      };
    },
    async creer(
      acteur: Acteur,
      v: z.output<typeof habilitationEcritureSchema>,
      document: DocumentRecu | null,
    ) {
      const r = await repository.creer(
        bureau(acteur),
        { ...v, dateDi: v.dateDi ?? null },
        avecSha(document),
      );
      if (r === undefined) throw notFound('Opérateur, AOP-IGP ou activité hors de votre périmètre');
      if (r === 'doublon')
        throw conflict(
          'Cet opérateur a déjà une habilitation pour cette AOP-IGP et cette activité',
        );
      return { id: s(r) };
    },
    async modifier(
      acteur: Acteur,
      id: number,
      v: z.output<typeof habilitationPatchSchema>,
      document: DocumentRecu | null,
    ) {
      const valeurs: { statut?: StatutHabilitation; dateDi?: string | null } = {};
      if (v.statut !== undefined) valeurs.statut = v.statut;
      if (v.dateDi !== undefined) valeurs.dateDi = v.dateDi;
      const r = await repository.modifier(bureau(acteur), id, valeurs, avecSha(document));
      if (r === undefined) throw notFound();
      return { id: s(r) };
    },
  };
}
export type HabilitationService = ReturnType<typeof createHabilitationService>;
