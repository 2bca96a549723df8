import { clesDe } from '@estive/domain';

/*
 * No zod here: the sign-in page, part of the web shell, reads these messages through
 * '@estive/contracts/oidc-messages' without loading the schemas (docs/decisions.md, 'First visit
 * on a weak link').
 */

/**
 * Why a federated sign-in was refused: the callback sends the browser to `/login?oidc=<code>`, and
 * the page shows the message (a code, never a text from the URL, which anyone could forge).
 */
export const MESSAGES_OIDC = {
  'compte-inconnu':
    "Aucun compte Estive ne correspond à cette identité. Demandez à la CNAOL de créer votre compte avec l'adresse électronique professionnelle de votre identité.",
  'email-non-verifie':
    "Le fournisseur d'identité n'a pas confirmé votre adresse électronique : Estive ne peut pas la rapprocher d'un compte. Demandez à la CNAOL de vérifier l'adresse de votre compte.",
  siret:
    "L'organisation de votre identité (son SIRET) n'est pas une organisation sur laquelle votre compte Estive a un droit. Demandez à la CNAOL d'ajouter ce droit à votre compte, ou de corriger le SIRET de l'organisation.",
  'compte-desactive': 'Votre compte Estive est désactivé. Demandez à la CNAOL de le réactiver.',
  'deja-liee':
    'Votre compte Estive est déjà lié à une autre identité de ce fournisseur. Demandez à la CNAOL de vérifier votre compte.',
  annulee: "La connexion a été annulée chez le fournisseur d'identité.",
  echec: "La connexion avec le fournisseur d'identité a échoué ou a expiré. Veuillez réessayer.",
  indisponible:
    "Le fournisseur d'identité est injoignable ou n'est pas configuré. Réessayez plus tard ou connectez-vous avec votre mot de passe.",
} as const;
export type CodeRefusOidc = keyof typeof MESSAGES_OIDC;
export const CODES_REFUS_OIDC = clesDe(MESSAGES_OIDC);
