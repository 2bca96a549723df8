import { formaterDate, formaterHeure } from './format';
import { at } from './invariant';
import { MESSAGES_SYNCHRO } from './messages';

/**
 * Texts of the sync button and of the warnings about unsynchronised work (spec part 1 §2,
 * part 2 §2 and §4), with the counts and dates they print.
 */

/**
 * Spec: the sync button 'shows the last sync date, or "Synchroniser vos données"'. `complet`
 * fits a wide top bar ('Synchronisé le 23/11/2026 à 08:30'), `court` a tablet or phone
 * ('23/11 08:30', the date still readable at a glance), in Europe/Paris time.
 */
export function libelleBoutonSynchro(derniere: string | Date | null | undefined): {
  complet: string;
  court: string;
} {
  if (!derniere || Number.isNaN(new Date(derniere).getTime())) {
    return { complet: MESSAGES_SYNCHRO.synchroniserVosDonnees, court: 'Synchroniser' };
  }
  const jour = formaterDate(derniere);
  const heure = formaterHeure(derniere);
  return { complet: `Synchronisé le ${jour} à ${heure}`, court: `${jour.slice(0, 5)} ${heure}` };
}

/** Mes tournées before the device's first sync: nothing to show yet, and how to get it. */
export const AVANT_PREMIERE_SYNCHRO = {
  titre: 'Aucune donnée sur cet appareil',
  texte:
    'Synchronisez vos données pour recevoir vos tournées, vos contrôles et les documents des opérateurs : ils resteront ensuite disponibles hors ligne.',
} as const;

export interface CompteNonSynchronises {
  controles: number;
  operateurs: number;
  documents: number;
}

const pluriel = (n: number, un: string, plusieurs: string) => `${n} ${n > 1 ? plusieurs : un}`;

/**
 * '2 contrôles, 1 opérateur et 3 documents' — what of the device's work the server has not
 * received; null when everything is synchronised.
 */
export function decrireNonSynchronises(n: CompteNonSynchronises): string | null {
  const parties = [
    n.controles > 0 ? pluriel(n.controles, 'contrôle', 'contrôles') : null,
    n.operateurs > 0 ? pluriel(n.operateurs, 'opérateur modifié', 'opérateurs modifiés') : null,
    n.documents > 0 ? pluriel(n.documents, 'document', 'documents') : null,
  ].filter((p): p is string => p !== null);
  if (parties.length === 0) return null;
  const derniere = at(parties, parties.length - 1);
  const avant = parties.slice(0, -1);
  return avant.length ? `${avant.join(', ')} et ${derniere}` : derniere;
}

const nonSynchronisesTexte = (n: CompteNonSynchronises): string | null => {
  const quoi = decrireNonSynchronises(n);
  if (!quoi) return null;
  const total = n.controles + n.operateurs + n.documents;
  return `${quoi} de cet appareil ${total > 1 ? "n'ont" : "n'a"} pas encore été ${
    total > 1 ? 'synchronisés' : 'synchronisé'
  }.`;
};

/**
 * The logout confirmation's warning when work is not on the server yet: logged out, the device
 * cannot open offline, and a sign-in by another account wipes it (spec 'Changement de compte').
 */
export function avertissementDeconnexion(n: CompteNonSynchronises): string | null {
  const constat = nonSynchronisesTexte(n);
  return constat
    ? `Attention : ${constat} Synchronisez avant de vous déconnecter : une fois déconnecté, l'application ne s'ouvre plus hors ligne, et la connexion d'un autre compte effacerait ces données.`
    : null;
}

/** The 'Attention' wipe dialog's count of what will be lost for good. */
export function avertissementEffacement(n: CompteNonSynchronises): string | null {
  const constat = nonSynchronisesTexte(n);
  return constat ? `${constat} Ces données seront perdues définitivement.` : null;
}
