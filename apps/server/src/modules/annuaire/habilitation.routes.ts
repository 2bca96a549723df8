import type { FastifyInstance } from 'fastify';
import {
  habilitationEcritureSchema,
  habilitationPatchSchema,
  MESSAGE_AUCUNE_MODIFICATION,
} from '@estive/contracts';
import { LIBELLES_STATUT_HABILITATION, type StatutHabilitation } from '@estive/domain';
import { invalid } from '../../lib/errors';
import { routeur } from '../../lib/route';
import { envoyerXlsx, xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import { lireFormulaire, valider } from './formulaire-multipart';
import type { HabilitationService } from './habilitation.service';

type Row = {
  raisonSociale: string;
  siret: string;
  aopIgp: string;
  activite: string;
  statut: StatutHabilitation;
  dateDi: string | null;
  updatedAt: Date;
};
const COLONNES: ColonneXlsx<Row>[] = [
  { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
  { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
  { titre: 'AOP-IGP', valeur: (l) => l.aopIgp, largeur: 24 },
  { titre: 'Activité', valeur: (l) => l.activite, largeur: 24 },
  { titre: 'Statut', valeur: (l) => LIBELLES_STATUT_HABILITATION[l.statut] },
  { titre: 'Date de DI', valeur: (l) => l.dateDi, type: 'date' },
  { titre: 'Dernière modification', valeur: (l) => l.updatedAt, type: 'dateHeure', largeur: 20 },
];

export function habilitationRoutes(service: HabilitationService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/habilitation', ({ acteur, query }) => {
      const { page, size, sort, ...filtres } = query;
      return service.rechercher(acteur, filtres, { page, size, sort });
    });
    route('GET /api/habilitation/export', async ({ acteur, query }, reply) => {
      const { sort, ...filtres } = query;
      return envoyerXlsx(
        reply,
        'habilitations',
        await xlsxEnFlux('Habilitations', COLONNES, service.exporter(acteur, filtres, sort)),
      );
    });
    route('GET /api/fiche/habilitation/{id}', ({ acteur, params }) =>
      service.fiche(acteur, params.id),
    );
    route('POST /api/habilitation', async (req) => {
      const { data, document } = await lireFormulaire(req);
      return service.creer(req.acteur, valider(habilitationEcritureSchema, data), document);
    });
    route('POST /api/habilitation/modifie/{id}', async (req) => {
      const { data, document } = await lireFormulaire(req);
      const modif = valider(habilitationPatchSchema, data);
      // Neither a field nor a document: nothing to write (an UPDATE without a column is a 500).
      if (!document && modif.statut === undefined && modif.dateDi === undefined)
        throw invalid(MESSAGE_AUCUNE_MODIFICATION, [MESSAGE_AUCUNE_MODIFICATION]);
      return service.modifier(req.acteur, req.params.id, modif, document);
    });
  };
}
