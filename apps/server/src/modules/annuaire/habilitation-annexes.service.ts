import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { demandeIdentificationSchema } from '@estive/contracts';
import type { Acteur } from '../../lib/acteur';
import { notFound } from '../../lib/errors';
import type { HabilitationAnnexesRepository } from './habilitation-annexes.repository';
import type { DocumentRecu } from './habilitation.service';
import { bureau } from './personne-morale.service';

export function createHabilitationAnnexesService(repository: HabilitationAnnexesRepository) {
  return {
    async sousProfils(acteur: Acteur, categorieId: number, aopId: number) {
      const rows = await repository.sousProfils(bureau(acteur), categorieId, aopId);
      if (!rows) throw notFound();
      return rows.map((r) => ({ id: String(r.id), libelle: r.libelle }));
    },
    async document(acteur: Acteur, personneMoraleId: number, aopId: number, fichierId: number) {
      const f = await repository.document(bureau(acteur), personneMoraleId, aopId, fichierId);
      if (!f) throw notFound();
      return f;
    },
    async demandeIdentification(
      acteur: Acteur,
      v: z.output<typeof demandeIdentificationSchema>,
      document: DocumentRecu | null,
    ) {
      const ids = await repository.demandeIdentification(
        bureau(acteur),
        { ...v, activiteIds: [...new Set(v.activiteIds)] },
        document && {
          ...document,
          sha256: createHash('sha256').update(document.contenu).digest('hex'),
        },
      );
      if (!ids) throw notFound('Opérateur, AOP-IGP ou activité hors de votre périmètre');
      return { ids: ids.map(String) };
    },
  };
}
export type HabilitationAnnexesService = ReturnType<typeof createHabilitationAnnexesService>;
