import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { colonne, ligne, ligneCompte, lignes } from '../../db/lignes';
import { A_REALISER, FINALISES } from '../../db/vocabulaire';

/** What an anonymisation removed and what it kept, with why: the answer and the journal say it. */
export interface Bilan {
  retire: string[];
  conserve: string[];
}

/** '3 contacts supprimés', '1 contact supprimé'; nothing when there is none. */
const compte = (n: number, un: string, plusieurs: string) =>
  n > 0 ? [`${String(n)} ${n > 1 ? plusieurs : un}`] : [];

/** A row a statement returned, by its id. */
const ligneId = z.object({ id: colonne.entier });
/** A round the operator left, and the avis de passage it had there. */
const ligneTourneeQuittee = z.object({
  tournee: colonne.entier,
  avis: colonne.entier.nullable(),
});

/** A bigint[] parameter (node-postgres and PGlite alike). */
const tableau = (valeurs: number[]) => sql`${`{${valeurs.join(',')}}`}::bigint[]`;

/**
 * Detaches operator `id` from everything else that names it (issue 28 item 3 c), in the
 * anonymisation's transaction, and counts what stays. Removed: its contacts, its identification
 * documents (DI, wherever attached), its controls still to be made (PROGRAMME, EN_COURS:
 * soft-deleted so devices drop them, with their shortcomings and files), its place in rounds that
 * keep no control of it (with their avis de passage), baskets and groups. Kept: finalised controls
 * with their shortcomings, signed reports and signatures (legal records), cancelled controls and
 * habilitations (statistics, nothing personal once the operator row is overwritten).
 */
export async function detacherOperateur(tx: Transaction, id: number): Promise<Bilan> {
  const n = async (requete: SQL) =>
    (await ligne(tx, sql`with x as (${requete}) select count(*)::int as n from x`, ligneCompte)).n;
  const ids = async (requete: SQL) => (await lignes(tx, requete, ligneId)).map((r) => r.id);
  const contacts = await n(sql`delete from contact where personne_morale_id = ${id} returning id`);
  const di = await n(sql`delete from fichier f where f.type_document = 'DI' and (
      f.personne_morale_id = ${id}
      or f.habilitation_id in (select h.id from habilitation h where h.personne_morale_id = ${id})
      or f.controle_id in (select c.id from controle c where c.personne_morale_id = ${id}))
    returning f.id`);
  const plannings = await n(sql`select distinct t.planning_fichier_id from tournee t
    join tournee_operateur o on o.tournee_id = t.id
    where o.personne_morale_id = ${id} and t.planning_fichier_id is not null`);
  // The controls still to come: soft-deleted (devices get them `_deleted`), their entry cleared.
  const aVenir =
    await ids(sql`update controle set deleted_at = now(), grille = null, synthese = null,
      observation = null where personne_morale_id = ${id} and deleted_at is null
      and statut in (${A_REALISER}) returning id`);
  const leursManquements = await n(sql`update manquement set deleted_at = now()
    where controle_id = any(${tableau(aVenir)}) and deleted_at is null returning id`);
  const leursFichiers = await n(
    sql`delete from fichier where controle_id = any(${tableau(aVenir)}) returning id`,
  );
  // Rounds that keep no control of it lose it, and are touched so that devices pull them again.
  const quittees = await lignes(
    tx,
    sql`delete from tournee_operateur o where o.personne_morale_id = ${id}
          and not exists (select 1 from controle c where c.tournee_id = o.tournee_id
                           and c.personne_morale_id = ${id} and c.deleted_at is null)
        returning o.tournee_id as tournee, o.avis_passage_fichier_id as avis`,
    ligneTourneeQuittee,
  );
  const tournees = await n(sql`update tournee set updated_at = now()
    where id = any(${tableau(quittees.map((q) => q.tournee))}) returning id`);
  const avis = await n(sql`delete from fichier where type_document = 'AVIS_PASSAGE'
    and id = any(${tableau(quittees.flatMap((q) => (q.avis === null ? [] : [q.avis])))})
    returning id`);
  const paniers = await n(sql`delete from panier where personne_morale_id = ${id} returning id`);
  const groupes = await n(
    sql`delete from groupe_membre where personne_morale_id = ${id} returning id`,
  );

  const finalises = await n(sql`select id from controle where personne_morale_id = ${id}
    and deleted_at is null and statut in (${FINALISES})`);
  const manquements = await n(sql`select id from manquement where personne_morale_id = ${id}
    and deleted_at is null`);
  const rapports = await n(sql`select f.id from fichier f join controle c on c.id = f.controle_id
    where c.personne_morale_id = ${id} and c.deleted_at is null and c.statut in (${FINALISES})`);
  const annules = await n(sql`select id from controle where personne_morale_id = ${id}
    and deleted_at is null and statut = 'ANNULE'`);
  const habilitations = await n(sql`select id from habilitation where personne_morale_id = ${id}`);
  const avisGardes = await n(sql`select o.id from tournee_operateur o
    where o.personne_morale_id = ${id} and o.avis_passage_fichier_id is not null`);
  return {
    retire: [
      'Raison sociale, nom, SIRET, EDE, PACAGE, adresses, coordonnées, téléphones, mails et site web effacés',
      'Sites : libellés, adresses, coordonnées, téléphones et mails effacés',
      ...compte(contacts, 'contact supprimé', 'contacts supprimés'),
      ...compte(
        di,
        'document d’identification (DI) supprimé',
        'documents d’identification (DI) supprimés',
      ),
      ...compte(
        aVenir.length,
        'contrôle à venir ou en cours supprimé des tournées et des tablettes',
        'contrôles à venir ou en cours supprimés des tournées et des tablettes',
      ),
      ...compte(
        leursManquements,
        'manquement de ces contrôles supprimé',
        'manquements de ces contrôles supprimés',
      ),
      ...compte(
        leursFichiers,
        'fichier de ces contrôles supprimé',
        'fichiers de ces contrôles supprimés',
      ),
      ...compte(tournees, 'tournée ne le compte plus', 'tournées ne le comptent plus'),
      ...compte(avis, 'avis de passage supprimé', 'avis de passage supprimés'),
      ...compte(
        paniers,
        'panier de programmation ne le contient plus',
        'paniers de programmation ne le contiennent plus',
      ),
      ...compte(groupes, 'groupe ne le contient plus', 'groupes ne le contiennent plus'),
    ],
    conserve: [
      ...compte(
        finalises,
        `contrôle finalisé et ${String(manquements)} manquement(s) : documents légaux, rattachés à l’opérateur anonymisé`,
        `contrôles finalisés et ${String(manquements)} manquement(s) : documents légaux, rattachés à l’opérateur anonymisé`,
      ),
      ...compte(
        rapports,
        'fichier de rapport signé (rapport d’audit, signature) : document légal, il nomme encore l’opérateur',
        'fichiers de rapports signés (rapports d’audit, signatures) : documents légaux, ils nomment encore l’opérateur',
      ),
      ...compte(
        avisGardes,
        'avis de passage d’une visite réalisée : pièce du contrôle finalisé',
        'avis de passage de visites réalisées : pièces des contrôles finalisés',
      ),
      ...compte(
        plannings,
        'planning de tournée déjà édité qui le nomme : document de toute la tournée, partagé avec d’autres opérateurs',
        'plannings de tournée déjà édités qui le nomment : documents de toute la tournée, partagés avec d’autres opérateurs',
      ),
      ...compte(
        annules,
        'contrôle annulé : historique des tournées, sans donnée personnelle',
        'contrôles annulés : historique des tournées, sans donnée personnelle',
      ),
      ...compte(
        habilitations,
        'habilitation (label, activité, statut, dates) : statistiques, sans donnée personnelle',
        'habilitations (label, activité, statut, dates) : statistiques, sans donnée personnelle',
      ),
    ],
  };
}
