import {
  frontLogEnvoyeSchema,
  moraleModifieeSchema,
  type FrontLogEnvoye,
  type MoraleModifiee,
} from '@estive/contracts';
import { ROLES, champDe, clesDe } from '@estive/domain';
import type { Database } from '../../db/client';
import { requireRole, type Acteur } from '../../lib/acteur';
import { invalid } from '../../lib/errors';
import { premierIndesirable } from '../../lib/stockable';
import { idsDansPortee } from './feeds.repository';
import { porteeDe } from './feeds.service';
import type { InboxRepository } from './inbox.repository';
import { pushMoraleRepository as repo } from './push-morale.repository';

const idDe = (brut: unknown, index: number) => {
  const id = champDe(brut, 'id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
};

/** Operator contact edits and device logs (docs/architecture.md §5): inbox first, like controls. */
export function createPushMoraleService(db: Database, inbox: InboxRepository) {
  const enregistrer = (
    acteur: Acteur,
    kind: 'morale' | 'frontlogs',
    payload: unknown,
    appVersion: string | null,
  ) =>
    inbox.enregistrer({
      utilisateurId: acteur.utilisateurId,
      droitId: acteur.droitActif?.id ?? null,
      kind,
      appVersion,
      payload,
    });

  return {
    /**
     * Contact details typed in the field. Validated with the entry form's rules; an invalid one
     * refuses the whole request with field errors (`morales[i].telephone1`…), nothing applied.
     * Contact details are last-writer-wins: a newer phone number from the field is the truth.
     */
    async pousserMorales(acteur: Acteur, morales: unknown[], appVersion: string | null) {
      requireRole(acteur, ...ROLES);
      const { inboxId } = await enregistrer(acteur, 'morale', { morales }, appVersion);
      const valides: MoraleModifiee[] = [];
      const fieldErrors: { field: string; defaultMessage: string }[] = [];
      morales.forEach((brut, i) => {
        const indesirable = premierIndesirable(brut);
        if (indesirable) {
          fieldErrors.push({
            field: `morales[${String(i)}].${indesirable.chemin}`,
            defaultMessage: indesirable.message,
          });
          return;
        }
        const parsed = moraleModifieeSchema.safeParse(brut);
        if (parsed.success) valides.push(parsed.data);
        else
          for (const issue of parsed.error.issues)
            fieldErrors.push({
              field: `morales[${i}].${issue.path.join('.')}`,
              defaultMessage: issue.message,
            });
      });
      if (fieldErrors.length > 0) {
        await inbox.enregistrerTraitement(inboxId, { fieldErrors });
        throw invalid('Veuillez vérifier votre saisie', [], fieldErrors);
      }
      const visibles = new Set(
        await idsDansPortee(
          db,
          'annuaire-morale',
          porteeDe(acteur),
          valides.map((m) => Number(m.id)),
        ),
      );
      const resultats = await db.transaction(async (tx) => {
        const out = [];
        for (const m of valides) {
          const id = Number(m.id);
          const actuel = visibles.has(id) ? await repo.coordonnees(tx, id) : undefined;
          if (!actuel) {
            out.push({
              id: m.id,
              version: null,
              statut: 'REJETE' as const,
              message: "Cet opérateur n'est pas dans votre périmètre",
            });
            continue;
          }
          const values = {
            telephone1: m.telephone1,
            telephone2: m.telephone2,
            mail: m.mail,
            siteWeb: m.siteWeb,
          };
          const identique = clesDe(values).every((k) => actuel[k] === values[k]);
          if (identique) {
            out.push({ id: m.id, version: actuel.version, statut: 'DOUBLON' as const });
            continue;
          }
          out.push({
            id: m.id,
            version: await repo.majCoordonnees(tx, id, values),
            statut: 'ACCEPTE' as const,
          });
        }
        return out;
      });
      await inbox.enregistrerTraitement(inboxId, { resultats });
      return { resultats };
    },

    /** Device logs, idempotent on the device's log id; an invalid entry is skipped and reported. */
    async pousserJournaux(acteur: Acteur, logs: unknown[], appVersion: string | null) {
      requireRole(acteur, ...ROLES);
      const { inboxId } = await enregistrer(acteur, 'frontlogs', { logs }, appVersion);
      const valides: FrontLogEnvoye[] = [];
      const rejetes: { id: string; message: string }[] = [];
      logs.forEach((brut, i) => {
        const indesirable = premierIndesirable(brut);
        if (indesirable) {
          rejetes.push({
            id: idDe(brut, i),
            message: `${indesirable.chemin} : ${indesirable.message}`,
          });
          return;
        }
        const parsed = frontLogEnvoyeSchema.safeParse(brut);
        if (parsed.success) valides.push(parsed.data);
        else
          rejetes.push({
            id: idDe(brut, i),
            message: parsed.error.issues[0]?.message ?? parsed.error.message,
          });
      });
      const recus = await repo.insererJournaux(
        db,
        acteur.utilisateurId,
        valides.map((l) => ({
          clientId: l.id,
          source: l.source,
          logs: l.logs,
          creation: new Date(l.creation),
        })),
      );
      const reponse = { recus, doublons: valides.length - recus, rejetes };
      await inbox.enregistrerTraitement(inboxId, reponse);
      return reponse;
    },
  };
}
export type PushMoraleService = ReturnType<typeof createPushMoraleService>;
