import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { colonne, ligne, ligneCompte } from '../../db/lignes';
import {
  contact,
  journalAction,
  personneMorale,
  personnePhysique,
  site,
  utilisateur,
} from '../../db/schema';
import { FINALISES } from '../../db/vocabulaire';
import { detacherOperateur, type Bilan } from './anonymisation.traces';
import { verrouillerMorale, type Ecrivain } from './perimetre';
import { physiqueModifiable } from './personne-physique.repository';

/** An operator's activity: an active habilitation, its last habilitation change or control. */
const ligneActiviteMorale = z.object({
  active: colonne.booleen,
  derniere: colonne.instant.nullable(),
});
/** A person's activity: an active account, the last control it made. */
const ligneActivitePhysique = z.object({
  actif: colonne.booleen,
  derniere: colonne.instant.nullable(),
});

export interface Activite {
  habilitationActive: boolean;
  derniereActivite: Date | null;
}

/**
 * GDPR anonymisation in place (issue 15 §4): the row keeps its id, so finalised controls and
 * manquements still count in statistics; what identifies a person is overwritten, what else names
 * an operator is removed or detached (`detacherOperateur`), and the operator is soft-deleted so the
 * directory feed serves it `_deleted` (it leaves devices). Only who may write the row anonymises
 * it (docs/decisions.md 'Annuaire: the write perimeter'). The retention check runs in the same
 * transaction, on the locked row. Answers when, and what was removed and kept (also journaled).
 */
export function createAnonymisationRepository(db: Database) {
  return {
    async morale(
      e: Ecrivain,
      id: number,
      utilisateurId: number,
      autoriser: (a: Activite) => { force: boolean },
    ) {
      return db.transaction(async (tx) => {
        const pm = await verrouillerMorale(tx, e.odg, id, e);
        if (!pm) return undefined;
        const a = await ligne(
          tx,
          sql`
          select exists (select 1 from habilitation where personne_morale_id = ${id}
                          and statut in ('VALIDEE', 'EN_COURS')) as active,
                 greatest((select max(updated_at) from habilitation where personne_morale_id = ${id}),
                          (select max(date) from controle where personne_morale_id = ${id}))::text as derniere`,
          ligneActiviteMorale,
        );
        const { force } = autoriser({
          habilitationActive: a.active,
          derniereActivite: a.derniere,
        });
        const maintenant = new Date();
        const bilan = await detacherOperateur(tx, id);
        await tx
          .update(site)
          .set({
            libelle: 'Site anonymisé',
            ede: null,
            adresse1: null,
            adresse2: null,
            adresse3: null,
            latitude: null,
            longitude: null,
            telephone: null,
            mail: null,
            updatedAt: maintenant,
          })
          .where(eq(site.personneMoraleId, id));
        await tx
          .update(personneMorale)
          .set({
            raisonSociale: 'Opérateur anonymisé',
            nom: null,
            siret: `ANONYME${String(id).padStart(12, '0')}`,
            ede: null,
            pacage: null,
            adresse1: null,
            adresse2: null,
            adresse3: null,
            adresse4: null,
            latitude: null,
            longitude: null,
            telephone1: null,
            telephone2: null,
            mail: null,
            siteWeb: null,
            deletedAt: maintenant,
          })
          .where(eq(personneMorale.id, id));
        await journaliser(tx, utilisateurId, 'ANONYMISATION', 'personne_morale', id, {
          force,
          odgId: e.odg,
          ...bilan,
        });
        return { le: maintenant, ...bilan };
      });
    },

    async physique(
      e: Ecrivain,
      id: number,
      utilisateurId: number,
      autoriser: (a: { compteActif: boolean; derniereActivite: Date | null }) => { force: boolean },
    ) {
      return db.transaction(async (tx) => {
        const [pp] = await tx
          .select({ id: personnePhysique.id })
          .from(personnePhysique)
          .where(
            and(
              eq(personnePhysique.id, id),
              eq(personnePhysique.anonymise, false),
              physiqueModifiable(e),
            ),
          )
          .for('update');
        if (!pp) return undefined;
        const a = await ligne(
          tx,
          sql`
          select exists (select 1 from utilisateur u where u.personne_physique_id = ${id} and u.actif) as actif,
                 (select max(c.date) from controle c join utilisateur u on u.id = c.controleur_id
                   where u.personne_physique_id = ${id})::text as derniere`,
          ligneActivitePhysique,
        );
        const { force } = autoriser({
          compteActif: a.actif,
          derniereActivite: a.derniere,
        });
        const maintenant = new Date();
        await tx
          .update(personnePhysique)
          .set({
            civilite: null,
            nom: 'Anonyme',
            prenom: 'Anonyme',
            mail: null,
            telephone: null,
            anonymise: true,
            updatedAt: maintenant,
          })
          .where(eq(personnePhysique.id, id));
        // A forced anonymisation closes the account too: nobody signs in as an erased person, and
        // its login (the person's mail) is replaced.
        const comptes = await tx
          .update(utilisateur)
          .set({ actif: false, login: sql`'anonyme-' || ${utilisateur.id} || '@anonyme.invalid'` })
          .where(eq(utilisateur.personnePhysiqueId, id))
          .returning({ id: utilisateur.id });
        // Contacts that reused this person (migration 0029) copy her name: unlinked with her, so
        // no operator's fiche nor device keeps it (the operator is touched: its feed resends it).
        const contacts = await tx
          .delete(contact)
          .where(eq(contact.personnePhysiqueId, id))
          .returning({ id: contact.id });
        const signes = await ligne(
          tx,
          sql`select count(*)::int as n from controle c
              where c.deleted_at is null and c.statut in (${FINALISES})
                and (c.auditeur_id = ${id} or c.controleur_id in
                      (select u.id from utilisateur u where u.personne_physique_id = ${id}))`,
          ligneCompte,
        );
        const bilan: Bilan = {
          retire: [
            'Civilité, nom, prénom, mail et téléphone effacés',
            ...(comptes.length
              ? ['Compte fermé, son identifiant de connexion (le mail) remplacé']
              : []),
            ...(contacts.length
              ? [`${String(contacts.length)} contact(s) d’opérateur(s) qui la citaient retiré(s)`]
              : []),
          ],
          conserve: signes.n
            ? [
                `${String(signes.n)} contrôle(s) finalisé(s) qu’elle a réalisés ou audités : documents légaux, leurs rapports signés la nomment encore`,
              ]
            : [],
        };
        await journaliser(tx, utilisateurId, 'ANONYMISATION', 'personne_physique', id, {
          force,
          odgId: e.odg,
          ...bilan,
        });
        return { le: maintenant, ...bilan };
      });
    },
  };
}
export type AnonymisationRepository = ReturnType<typeof createAnonymisationRepository>;

async function journaliser(
  tx: Transaction,
  utilisateurId: number,
  action: string,
  entite: string,
  entiteId: number,
  details: Record<string, unknown>,
) {
  await tx.insert(journalAction).values({ utilisateurId, action, entite, entiteId, details });
}
