/**
 * Every French message of both spec parts, named, used by web and server alike. The wording is the
 * spec's (users know it), except three evident slips corrected as the spec README allows:
 * 'chifres' → 'chiffres', 'modifcationd des controles' → 'modification des contrôles',
 * 'la la création' → 'la création' (listed in docs/decisions.md).
 */

export const MESSAGES_VALIDATION = {
  obligatoire: 'Ce champ est obligatoire',
  pourcentage: 'Ce champ doit contenir une valeur entre 0 et 100',
  email: 'Utilisez un email valide',
  telephone: 'Utilisez un numéro de téléphone valide',
  codePostal: 'Utilisez un code postal valide',
  siret: 'Le numéro de siret doit comporter 14 chiffres',
  fichierTropGros: 'Le fichier est trop gros (max 5Mo)',
  unDesFichiersTropGros: 'Un des fichiers est trop gros (max 5Mo)',
  fichierIllisible: 'Fichier inaccessible ou endommagé',
  dimanche: 'Contrôle impossible le dimanche',
  heureInvalide: 'Utilisez une heure valide (HH:mm)',
  minutesParCinq: 'Les minutes doivent être un multiple de 5',
  dateInvalide: 'Utilisez une date valide (jj/mm/aaaa)',
  valeurExploitation: 'La valeur doit être un entier, un nombre à virgule ou une date (jj/mm/aaaa)',
  manquementsObligatoires: 'Les manquements sont obligatoires pour un contrôle non conforme',
  selectionAopOperateur: 'Veuillez sélectionnez une AOP-IGP et un opérateur',
  selectionAop: 'Veuillez sélectionnez une AOP-IGP',
} as const;

export const MESSAGES_GENERIQUES = {
  erreurServeur: "Erreur d'accès au serveur",
  verifierSaisie: 'Veuillez vérifier votre saisie',
  fichierNonOuvert: "Le fichier n'a pas pu être ouvert",
  aucunResultat: 'Aucun résultat',
  verificationVersion:
    "Une erreur est survenu lors de la vérification de la version de l'application",
  deconnexion: 'Êtes-vous sûr de vouloir vous déconnecter ?',
  accesInterdit: "Vous n'avez pas accès à cette page.",
} as const;

export const MESSAGES_SYNCHRO = {
  erreur: 'Une erreur est survenue pendant la synchronisation',
  synchroniserAvant: 'Vous devez synchroniser vos données avant de continuer',
  synchroniserVosDonnees: 'Synchroniser vos données',
  effacerDonneesLocales: 'Effacer les données locales',
  titreVersion: "Votre application n'est pas à jour",
  texteVersion:
    "Une nouvelle version d'Estive est disponible. Enregistrez vos contrôles en cours, puis rechargez l'application.",
  titreAttention: 'Attention',
  texteAttention:
    "Toutes les données de cet appareil seront effacées définitivement, y compris les contrôles et les rapports d'audit qui n'ont pas encore été synchronisés.",
  titreChangementCompte: 'Changement de compte',
  texteChangementCompte:
    'Un autre utilisateur a synchronisé cet appareil. Continuer efface ses données locales, y compris les contrôles non synchronisés. Annuler vous déconnecte.',
  miseAJourDisponible:
    "Vérifiez que tous vos contrôles sont enregistrés avant de recharger l'application.",
  miseAJourTerminee: "L'application a été mise à jour.",
} as const;

export const MESSAGES_TOURNEE = {
  operateursAjoutes: 'Les opérateurs ont bien été ajoutés',
  operateursNonAjoutes: "Les opérateurs n'ont pas pu être ajoutés",
  operateurSupprimePanier: "L'opérateur a été supprimé du panier",
  erreurSuppressionPanier: 'Erreur durant la suppression du panier',
  controleurModifieAssistant: 'Le contrôleur a été modifiée',
  erreurControleurAssistant: 'Erreur durant la modification du contrôleur de la tournée',
  controleurModifie: 'Le contrôleur a été modifié',
  erreurControleur: 'Une erreur est survenue lors de la modification du contrôleur',
  tourneeInitialisee: 'La création de la tournée a été initialisée',
  erreurCreationTournee: 'Erreur durant la création de la tournée',
  tourneeFinalisee: 'La création de la tournée a été finalisée',
  erreurFinalisationTournee: 'Erreur durant la finalisation de la création de la tournée',
  controlesCrees: 'Les contrôles ont été créés',
  controlesCreesDepot: 'Les contrôles ont bien été créés',
  erreurCreationControles: 'Erreur durant la création des contrôles',
  controlesSupprimes: 'Les contrôles ont été supprimés',
  erreurSuppressionControles: 'Erreur durant la suppression des contrôles',
  tourneeSauvegardee: 'La tournée a été sauvegardée',
  erreurSauvegardeTournee: 'Erreur durant la sauvegarde de la tournée',
  controlesModifies: 'Les controles on bien été modifiés',
  erreurModificationControles: 'Une erreur est survenue lors de la modification des contrôles',
  inopineCree: 'Le controle inopiné a bien été créé.',
  erreurInopine: 'Une erreur est survenue lors de la création du controle inopiné.',
  controleAnnule: 'Le controle a été annulé',
  controlesAnnules: 'Les contrôles ont été annulés',
  erreurAnnulation: "Erreur durant l'annulation du contrôle",
  erreurAnnulations: "Erreur durant l'annulation des contrôles",
  perimetreDepot: 'Veuillez sélectionner le périmètre pour accéder au dépôt externe',
  perimetreCreation: 'Veuillez sélectionner le périmètre pour accéder à la création de tournée',
  raisonAbandon: "Raison de l'abandon",
  recapitulatif: 'Récapitulatif des tournées',
  semaineTravail: 'Semaine de travail',
  valide: 'Validé',
  aFaire: 'A faire',
  incomplet: 'Incomplet',
} as const;

export const abandonnerControleTitre = (heure: string) => `Abandonner le controle de ${heure}`;

export const MESSAGES_SAISIE = {
  grilleIncomplete: "Des éléments de la grille de saisie n'ont pas été renseignés",
  sauvegarde: 'Le contrôle a été sauvegardé',
  erreurSauvegarde: 'Erreur durant la sauvegarde du contrôle',
  finalise: 'Le contrôle a été finalisé',
  erreurFinalisation: 'Erreur durant la finalisation du contrôle',
  dateModifiee: 'La date du contrôle a été modifiée',
  erreurDate: 'Erreur durant la modification de la date de contrôle',
  confirmerDate: 'Voulez-vous changer la date du contrôle ?',
  ignorerGroupe: 'Voulez-vous ignorer ce groupe de saisie ?',
  nonFinalisable: 'Le contrôle ne peut pas être finalisé',
  completer: 'Merci de compléter les éléments manquants',
  erreurGenerationDocument: 'Erreur lors de la génération du document',
  documentRequis: 'Le controle ne peux pas etre finalisé si le document ne peut pas être généré',
  erreurDocument: 'Erreur durant la génération du document',
  erreurDocuments: 'Erreur lors de la génération des documents',
  valeurDeclaree: 'Valeur déclarée',
  aideSaisie: 'Aide a la saisie',
  rechercheAuditeur: 'Recherche auditeur',
} as const;

export const erreurPreview = (libelle: string) =>
  `Erreur lors de la génération de la preview pour controle aop ${libelle}`;
export const formuleCodeAbsent = (code: string, formule: string) =>
  `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) n'est pas présent dans le système d'exploitation`;
export const formuleEnErreur = (code: string, formule: string) =>
  `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) présente une erreur`;
export const declarationPages = (n: number) =>
  `L'audité déclare avoir pris connaissance de l'intégralité des ${n} pages du présent rapport.`;

export const ETATS_VIDES = {
  aucunManquement: 'Aucun manquement',
  aucunControleSaisi: 'Aucun contrôle saisie',
  aucunResultat: 'Aucun résultat',
  aucunSite: 'Aucun site à afficher',
  aucunManquementPrecedent: 'Aucun manquement précédent',
  aucunContact: 'Aucun contact lié',
  aucunControleSemaine: 'Aucun contrôle cette semaine',
} as const;

/** Spec part 2 §8: the warning when 2 MB or less remain, with what is missing. */
export function alerteStockage(mbManquants: number, chrome: boolean): string {
  const requis = chrome ? '4 Go' : '20 Go';
  return `L'espace de stockage disponible est insuffisant : libérez au moins ${requis} sur l'appareil (il manque ${mbManquants} Mo) pour travailler hors ligne sans risque.`;
}

export const TEXTES_LEGAUX = {
  mentions: [
    'Estive est un service réservé aux utilisateurs enregistrés : les organismes de défense et de gestion des appellations laitières, leurs animateurs et leurs contrôleurs.',
    "Le service est édité par le Conseil national des appellations d'origine laitières (CNAOL), organisme national de coordination des appellations d'origine laitières.",
    "Les comptes sont créés par un administrateur ; toute utilisation du service suppose l'acceptation de la politique de protection des données personnelles.",
  ],
  rgpd: {
    comptes:
      "Les comptes des utilisateurs sont créés par un administrateur, sur demande de l'organisme auquel l'utilisateur est rattaché.",
    conservation: [
      "Données des opérateurs : pendant la durée de leur habilitation, puis au moins 5 ans après l'arrêt de leur production.",
      'Journaux techniques : 8 jours glissants.',
      'Cookies : 8 jours au plus.',
    ],
  },
} as const;
