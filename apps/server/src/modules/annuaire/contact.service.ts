import type { z } from 'zod';
import type { contactEcritureSchema, contactPatchSchema } from '@estive/contracts';
import { CIVILITES } from '@estive/domain';
import type { Acteur } from '../../lib/acteur';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { ContactRepository } from './contact.repository';
import { ecrivainDe, operateurDUnAutreOdg } from './perimetre';
import { bureau } from './personne-morale.service';

type Ajout = z.output<typeof contactEcritureSchema>;
type Correction = z.output<typeof contactPatchSchema>;

export const MESSAGE_PERSONNE_HORS_PERIMETRE =
  "Cette personne n'est pas dans votre périmètre ou a été anonymisée";
export const MESSAGE_DEJA_CONTACT = 'Cette personne est déjà un contact de cet opérateur';

const civiliteDe = (v: string | null | undefined) => CIVILITES.find((c) => c === v) ?? null;

/**
 * An operator's contacts from its fiche (issue 32 item 2): link one (a new person, or an existing
 * person of the perimeter reused), correct it, unlink it. Office roles; the operator must be one
 * the active right's ODG may write (403 when only seen, 404 when not seen).
 */
export function createContactService(repository: ContactRepository) {
  async function refusOperateur(odg: number, id: number) {
    return (await repository.operateurVisible(odg, id)) ? operateurDUnAutreOdg() : notFound();
  }
  async function refusContact(odg: number, id: number) {
    return (await repository.visible(odg, id)) ? operateurDUnAutreOdg() : notFound();
  }

  return {
    async ajouter(acteur: Acteur, v: Ajout) {
      const odg = bureau(acteur);
      const r = await repository.ajouter(ecrivainDe(acteur, odg), {
        personneMoraleId: v.personneMoraleId,
        personnePhysiqueId: v.personnePhysiqueId ?? null,
        civilite: civiliteDe(v.civilite),
        nom: v.nom,
        prenom: v.prenom ?? null,
        telephone1: v.telephone1 ?? null,
        telephone2: v.telephone2 ?? null,
        mail: v.mail ?? null,
        fonction: v.fonction ?? null,
      });
      if (r === 'operateur') throw await refusOperateur(odg, v.personneMoraleId);
      if (r === 'personne')
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'personnePhysiqueId', defaultMessage: MESSAGE_PERSONNE_HORS_PERIMETRE }],
        );
      if (r === 'doublon') throw conflict(MESSAGE_DEJA_CONTACT);
      return { id: String(r) };
    },

    async modifier(acteur: Acteur, id: number, v: Correction) {
      const odg = bureau(acteur);
      const { civilite, ...reste } = v;
      const r = await repository.modifier(ecrivainDe(acteur, odg), id, {
        ...reste,
        ...(civilite !== undefined ? { civilite: civiliteDe(civilite) } : {}),
      });
      if (r === undefined) throw await refusContact(odg, id);
      return { id: String(r) };
    },

    async supprimer(acteur: Acteur, id: number) {
      const odg = bureau(acteur);
      const r = await repository.supprimer(ecrivainDe(acteur, odg), id);
      if (r === undefined) throw await refusContact(odg, id);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
