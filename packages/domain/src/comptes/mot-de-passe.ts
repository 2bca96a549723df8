/**
 * Password rules of the accounts Estive creates (the spec names none): the CNIL's recommendation
 * for a password alone (délibération 2022-100): at least 12 characters mixing upper case, lower
 * case, digits and special characters. Shown to the user as a checklist while typing.
 */
export const LONGUEUR_MIN_MOT_DE_PASSE = 12;
export const LONGUEUR_MAX_MOT_DE_PASSE = 200;

/**
 * At least n characters as a person counts them (an accented letter or an emoji is one). Stops
 * at n: a hostile 300,000-character input costs no more than a short one.
 */
function auMoins(m: string, n: number): boolean {
  if (m.length < n) return false;
  const segments = new Intl.Segmenter('fr').segment(m)[Symbol.iterator]();
  let i = 0;
  while (i < n && !segments.next().done) i++;
  return i >= n;
}

export interface RegleMotDePasse {
  code: 'longueur' | 'majuscule' | 'minuscule' | 'chiffre' | 'special';
  libelle: string;
  respectee: (motDePasse: string) => boolean;
}

export const REGLES_MOT_DE_PASSE: readonly RegleMotDePasse[] = [
  {
    code: 'longueur',
    libelle: `Au moins ${String(LONGUEUR_MIN_MOT_DE_PASSE)} caractères`,
    respectee: (m) => auMoins(m, LONGUEUR_MIN_MOT_DE_PASSE),
  },
  { code: 'majuscule', libelle: 'Une lettre majuscule', respectee: (m) => /\p{Lu}/u.test(m) },
  { code: 'minuscule', libelle: 'Une lettre minuscule', respectee: (m) => /\p{Ll}/u.test(m) },
  { code: 'chiffre', libelle: 'Un chiffre', respectee: (m) => /\p{Nd}/u.test(m) },
  {
    code: 'special',
    libelle: 'Un caractère spécial (par exemple ! ? @ # - _)',
    respectee: (m) => /[^\p{L}\p{Nd}\s]/u.test(m),
  },
];

/** The rules a password breaks (empty when it is acceptable). */
export function reglesNonRespectees(motDePasse: string): RegleMotDePasse[] {
  return REGLES_MOT_DE_PASSE.filter((r) => !r.respectee(motDePasse));
}

export const MESSAGE_MOT_DE_PASSE_FAIBLE =
  'Le mot de passe doit comporter au moins 12 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial';

export const MESSAGES_COMPTES = {
  motDePasseTemporaire: 'Vous devez changer votre mot de passe temporaire avant de continuer',
  motDePasseIdentique: "Le nouveau mot de passe doit être différent de l'actuel",
  motDePasseActuelFaux: 'Mot de passe actuel incorrect',
  confirmationDifferente: 'Les deux mots de passe ne sont pas identiques',
  mailExistant: 'Un compte existe déjà avec cet email',
  compteCree: 'Le compte a bien été créé',
  compteModifie: 'Le compte a bien été modifié',
  compteDesactive: 'Le compte a été désactivé',
  compteReactive: 'Le compte a été réactivé',
  motDePasseChange: 'Votre mot de passe a bien été changé',
  comptesImportes: (n: number) =>
    n === 1 ? 'Le compte a bien été créé' : `Les ${String(n)} comptes ont bien été créés`,
  desactivationSoiMeme: 'Vous ne pouvez pas désactiver votre propre compte',
} as const;
