import type { z } from 'zod';
import type { siteEcritureSchema, sitePatchSchema } from '@estive/contracts';
import type { Acteur } from '../../lib/acteur';
import { conflict, invalid, notFound } from '../../lib/errors';
import { ecrivainDe, operateurDUnAutreOdg } from './perimetre';
import type { PersonneMoraleRepository } from './personne-morale.repository';
import { bureau } from './personne-morale.service';
import type { RefusSite, SiteRepository } from './site.repository';

export const MESSAGE_SITE_INTROUVABLE = 'Site introuvable';
export const MESSAGE_AOP_SITE =
  "Choisissez des AOP-IGP de votre ODG sur lesquelles l'opérateur est habilité";
export const messageSiteCite = (n: number) =>
  `Ce site est cité par ${n} contrôle${n > 1 ? 's' : ''} : il ne peut pas être supprimé (modifiez-le plutôt)`;

/**
 * An operator's sites from the office (spec part 1 §2 'morale', issue 32 item 2): added, corrected,
 * deleted; linked to the ODG's labels the operator holds (`aopIds`).
 */
export function createSiteService(sites: SiteRepository, operateurs: PersonneMoraleRepository) {
  /** Nothing written: 403 for an operator seen but not writable, 404 for one not seen or a site not its. */
  async function refus(odg: number, id: number, r: RefusSite) {
    if (r === 'aopIds')
      return invalid(MESSAGE_AOP_SITE, [], [{ field: 'aopIds', defaultMessage: MESSAGE_AOP_SITE }]);
    if (r === 'site') return notFound(MESSAGE_SITE_INTROUVABLE);
    return (await operateurs.trouver(odg, id)) ? operateurDUnAutreOdg() : notFound();
  }

  return {
    async ajouter(acteur: Acteur, id: number, v: z.output<typeof siteEcritureSchema>) {
      const odg = bureau(acteur);
      const r = await sites.ajouter(ecrivainDe(acteur, odg), id, v);
      if (typeof r !== 'number') throw await refus(odg, id, r);
      return { id: String(r) };
    },

    async modifier(
      acteur: Acteur,
      id: number,
      siteId: number,
      v: z.output<typeof sitePatchSchema>,
    ) {
      const odg = bureau(acteur);
      const r = await sites.modifier(ecrivainDe(acteur, odg), id, siteId, v);
      if (typeof r !== 'number') throw await refus(odg, id, r);
      return { id: String(r) };
    },

    async supprimer(acteur: Acteur, id: number, siteId: number) {
      const odg = bureau(acteur);
      const r = await sites.supprimer(ecrivainDe(acteur, odg), id, siteId);
      if (typeof r === 'string') throw await refus(odg, id, r);
      if ('cites' in r) throw conflict(messageSiteCite(r.cites));
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
