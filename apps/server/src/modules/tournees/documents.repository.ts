import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client';

/** What the round's documents print, read in the finalising transaction. */
export interface EnteteDocuments {
  odg_raison_sociale: string;
  odg_adresse: string | null;
  odg_code_postal: string | null;
  odg_ville: string | null;
  odg_telephone: string | null;
  odg_mail: string | null;
  logo_mime: string | null;
  logo: Buffer | Uint8Array | null;
  controleur: string | null;
  controleur_id: string | number | null;
  campagne: string | null;
  debut: string;
  fin: string;
}

export interface OperateurDocument {
  /** bigint: text from node-postgres, a number from PGlite. */
  id: string | number;
  raison_sociale: string;
  siret: string;
  adresse1: string | null;
  adresse2: string | null;
  adresse3: string | null;
  adresse4: string | null;
  code_postal: string | null;
  ville: string | null;
}

export async function lireEntete(tx: Transaction, tourneeId: number) {
  const [r] = await queryRows<EnteteDocuments>(
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
  );
  return r;
}

export function lireOperateurs(tx: Transaction, tourneeId: number) {
  return queryRows<OperateurDocument>(
    tx,
    sql`select p.id, p.raison_sociale, p.siret, p.adresse1, p.adresse2, p.adresse3, p.adresse4,
               p.code_postal, p.ville
          from tournee_operateur o join personne_morale p on p.id = o.personne_morale_id
         where o.tournee_id = ${tourneeId}
         order by p.raison_sociale, p.id`,
  );
}

/** The round's ODG's own document templates (issue 16 §3); a type without one prints built in. */
export function lireModeles(tx: Transaction, tourneeId: number) {
  return queryRows<{ type: string; objet: string; corps: string }>(
    tx,
    sql`select m.type, m.objet, m.corps
          from tournee r join modele_document m on m.odg_id = r.odg_id
         where r.id = ${tourneeId}`,
  );
}

/**
 * The round's documents may be produced again: its row locked first, so that two changes of its
 * controls' controllers produce them one after the other, each from what the other committed.
 * True when it is out (ATTENTE_SYNCHRO or SYNCHRONISE) and its planning exists.
 */
export async function documentsARefaire(tx: Transaction, tourneeId: number): Promise<boolean> {
  const [r] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from tournee
         where id = ${tourneeId} and deleted_at is null and planning_fichier_id is not null
           and statut in ('ATTENTE_SYNCHRO', 'SYNCHRONISE')
           for update`,
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
