import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';

/** What the round's documents print, read in the finalising transaction. */
const enteteDocuments = z.object({
  odg_raison_sociale: colonne.texte,
  odg_adresse: colonne.texte.nullable(),
  odg_code_postal: colonne.texte.nullable(),
  odg_ville: colonne.texte.nullable(),
  odg_telephone: colonne.texte.nullable(),
  odg_mail: colonne.texte.nullable(),
  logo_mime: colonne.texte.nullable(),
  /** bytea: a Buffer from node-postgres, a Uint8Array from PGlite (a Buffer is one). */
  logo: z.instanceof(Uint8Array).nullable(),
  controleur: colonne.texte.nullable(),
  controleur_id: colonne.entier.nullable(),
  campagne: colonne.texte.nullable(),
  debut: colonne.texte,
  fin: colonne.texte,
});
export type EnteteDocuments = z.output<typeof enteteDocuments>;

const operateurDocument = z.object({
  id: colonne.entier,
  raison_sociale: colonne.texte,
  siret: colonne.texte,
  adresse1: colonne.texte.nullable(),
  adresse2: colonne.texte.nullable(),
  adresse3: colonne.texte.nullable(),
  adresse4: colonne.texte.nullable(),
  code_postal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
});
export type OperateurDocument = z.output<typeof operateurDocument>;

const modeleDocument = z.object({
  type: colonne.texte,
  objet: colonne.texte,
  corps: colonne.texte,
});
const identifiant = z.object({ id: colonne.entier });

export async function lireEntete(tx: Transaction, tourneeId: number) {
  return premiereLigne(
    tx,
    sql`select o.raison_sociale as odg_raison_sociale, o.adresse as odg_adresse,
               o.code_postal as odg_code_postal, o.ville as odg_ville,
               o.telephone as odg_telephone, o.mail as odg_mail,
               f.mime_type as logo_mime, f.contenu as logo,
               nullif(trim(coalesce(pp.prenom, '') || ' ' || coalesce(pp.nom, '')), '') as controleur,
               r.controleur_id, c.libelle as campagne, r.debut::text as debut, r.fin::text as fin
          from tournee r
          join organisme o on o.id = r.odg_id
          left join fichier f on f.id = o.logo_fichier_id
          left join utilisateur u on u.id = r.controleur_id
          left join personne_physique pp on pp.id = u.personne_physique_id
          left join campagne c on c.id = r.campagne_id
         where r.id = ${tourneeId}`,
    enteteDocuments,
  );
}

export function lireOperateurs(tx: Transaction, tourneeId: number) {
  return lignes(
    tx,
    sql`select p.id, p.raison_sociale, p.siret, p.adresse1, p.adresse2, p.adresse3, p.adresse4,
               p.code_postal, p.ville
          from tournee_operateur o join personne_morale p on p.id = o.personne_morale_id
         where o.tournee_id = ${tourneeId}
         order by p.raison_sociale, p.id`,
    operateurDocument,
  );
}

/** The round's ODG's own document templates (issue 16 §3); a type without one prints built in. */
export function lireModeles(tx: Transaction, tourneeId: number) {
  return lignes(
    tx,
    sql`select m.type, m.objet, m.corps
          from tournee r join modele_document m on m.odg_id = r.odg_id
         where r.id = ${tourneeId}`,
    modeleDocument,
  );
}

/**
 * The round's documents may be produced again: its row locked first, so that two changes of its
 * controls' controllers produce them one after the other, each from what the other committed.
 * True when it is out (ATTENTE_SYNCHRO or SYNCHRONISE) and its planning exists.
 */
export async function documentsARefaire(tx: Transaction, tourneeId: number): Promise<boolean> {
  const r = await premiereLigne(
    tx,
    sql`select id from tournee
         where id = ${tourneeId} and deleted_at is null and planning_fichier_id is not null
           and statut in ('ATTENTE_SYNCHRO', 'SYNCHRONISE')
           for update`,
    identifiant,
  );
  return r !== undefined;
}

/**
 * A round's change of controller, in the office's append-only journal: who, when, from which
 * account to which (ids only: the journal outlives the people's erased names).
 */
export async function journaliserChangementControleur(
  tx: Transaction,
  e: { utilisateurId: number; tourneeId: number; avant: number | null; apres: number },
) {
  const details = { avant: e.avant, apres: e.apres };
  await tx.execute(
    sql`insert into journal_action (utilisateur_id, action, entite, entite_id, details)
        values (${e.utilisateurId}, 'CHANGEMENT_CONTROLEUR', 'tournee', ${e.tourneeId},
                ${JSON.stringify(details)}::jsonb)`,
  );
}
