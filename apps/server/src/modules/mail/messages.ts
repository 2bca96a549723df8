import { remplirModele, type MesureManquement } from '@estive/domain';
import type { Message } from './mail.service';

/** The French texts of outgoing mail (the spec gives none; ours, in its register). */

const signature =
  '\n\n—\nEstive, application de gestion des contrôles des AOP-IGP laitières.\nCe message est envoyé automatiquement, merci de ne pas y répondre.';

export function invitation(p: {
  a: string;
  prenom: string;
  nom: string;
  motDePasse: string;
  url: string | undefined;
}): Message {
  return {
    a: p.a,
    sujet: 'Votre compte Estive',
    texte:
      `Bonjour ${p.prenom} ${p.nom},\n\n` +
      `Un compte Estive vient d'être créé pour vous.\n\n` +
      `Identifiant : ${p.a}\nMot de passe temporaire : ${p.motDePasse}\n\n` +
      (p.url ? `Connectez-vous sur ${p.url}. ` : 'Connectez-vous à Estive. ') +
      `Vous devrez choisir un nouveau mot de passe à la première connexion.` +
      signature,
  };
}

const jour = (iso: string) => iso.split('-').reverse().join('/');

export function relanceManquement(p: {
  a: string;
  raisonSociale: string;
  aopIgp: string;
  codePoint: string;
  libellePoint: string;
  mesure: MesureManquement;
  echeance: string;
  odg: string;
  /** The ODG's 'courrier de notification' template, filled here; absent: the text below. */
  modele?: { objet: string; corps: string } | null;
}): Message {
  const mesure = p.mesure === 'CORRECTIVE' ? 'la mesure corrective' : 'la mesure correctrice';
  if (p.modele) {
    const valeurs = {
      odg: p.odg,
      operateur: p.raisonSociale,
      aop: p.aopIgp,
      code_point: p.codePoint,
      libelle_point: p.libellePoint,
      mesure,
      echeance: jour(p.echeance),
    };
    return {
      a: p.a,
      sujet: remplirModele(p.modele.objet, valeurs).trim() || `Relance : manquement ${p.codePoint}`,
      texte: remplirModele(p.modele.corps, valeurs).trim() + signature,
    };
  }
  return {
    a: p.a,
    sujet: `Relance : manquement ${p.codePoint} (${p.aopIgp})`,
    texte:
      `Bonjour,\n\n` +
      `Le délai de suivi de ${mesure} du manquement suivant est dépassé depuis le ${jour(p.echeance)} :\n\n` +
      `Opérateur : ${p.raisonSociale}\nAOP-IGP : ${p.aopIgp}\n` +
      `Point de contrôle : ${p.codePoint} — ${p.libellePoint}\n\n` +
      `Merci de transmettre à ${p.odg} les éléments attestant de sa mise en œuvre.` +
      signature,
  };
}

export function avisDePassage(p: {
  a: string;
  raisonSociale: string;
  date: string;
  heure: string | null;
  aopIgps: string[];
  controleur: string;
  odg: string;
}): Message {
  return {
    a: p.a,
    sujet: `Avis de passage du ${jour(p.date)}`,
    texte:
      `Bonjour,\n\n` +
      `${p.odg} vous informe du passage de ${p.controleur} le ${jour(p.date)}` +
      (p.heure ? ` à ${p.heure}` : '') +
      ` pour le contrôle de ${p.raisonSociale} (${p.aopIgps.join(', ')}).` +
      signature,
  };
}
