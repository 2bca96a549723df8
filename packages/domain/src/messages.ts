/**
 * Every French message of both spec parts, named, shared by web and server. The wording is the
 * spec's, which users know, except its evident typos and missing accents, corrected (every one is
 * listed in docs/decisions.md, 'Spec typos fixed'), among them:
 * - 'Le numéro de siret doit comporter 14 chifres' → '… 14 chiffres';
 * - 'lors de la modifcationd des controles' → 'lors de la modification des contrôles';
 * - 'la finalisation de la la création de la tournée' → 'la finalisation de la création …'.
 * Texts the spec describes without wording (dialog bodies, the storage warning, legal pages)
 * are written here once, in the same register.
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
  /** A control already done (external deposit): the spec gives no wording; ours (issue 32). */
  dateFuture: 'La date ne peut pas être dans le futur',
  dateAvant2000: 'La date doit être postérieure au 01/01/2000',
  /** Progress plan: the spec gives no wording; ours, in its register (docs/decisions.md). */
  delaiNegatif: 'Le délai ne peut pas être négatif',
  valeurExploitation:
    'La valeur doit être un nombre entier, un nombre à virgule ou une date (jj/mm/aaaa)',
  manquementsObligatoires: 'Les manquements sont obligatoires pour un contrôle non conforme',
  selectionAopOperateur: 'Veuillez sélectionner une AOP-IGP et un opérateur',
  selectionAop: 'Veuillez sélectionner une AOP-IGP',
} as const;

export const MESSAGES_GENERIQUES = {
  erreurServeur: "Erreur d'accès au serveur",
  verifierSaisie: 'Veuillez vérifier votre saisie',
  fichierNonOuvert: "Le fichier n'a pas pu être ouvert",
  aucunResultat: 'Aucun résultat',
  verificationVersion:
    "Une erreur est survenue lors de la vérification de la version de l'application",
  deconnexion: 'Êtes-vous sûr de vouloir vous déconnecter ?',
  enLigne: 'En ligne',
  horsLigne: 'Hors Ligne',
  quitterHorsLigne: 'Quitter mode Hors Ligne',
  annuler: 'Annuler',
  ok: 'OK',
  /** Utility pages (spec part 1 §2). */
  titreAccesInterdit: 'Accès interdit',
  accesInterdit: "Vous n'avez pas accès à cette page.",
  contacterAdministrateur:
    "Si vous pensez que c'est une erreur, contactez l'administrateur du système.",
  titrePageNonAccessible: 'Page non accessible',
  pageNonAccessible:
    "Cette page n'est pas disponible hors ligne. L'onglet Mes Tournées reste accessible sans connexion.",
  titreApplicationInaccessible: 'Application inaccessible',
  applicationInaccessible:
    "Vous êtes déconnecté et hors ligne : l'application ne peut pas être utilisée. Pour travailler hors ligne, ne vous déconnectez pas avant de perdre la connexion.",
  modeHorsLigneManuel:
    'Le mode Hors Ligne a été activé manuellement : quittez-le pour retrouver la connexion.',
  retourAccueil: "Retour à l'accueil",
} as const;

export const MESSAGES_SYNCHRO = {
  erreur: 'Une erreur est survenue pendant la synchronisation',
  synchroniserAvant: 'Vous devez synchroniser vos données avant de continuer',
  synchroniserVosDonnees: 'Synchroniser vos données',
  effacerDonneesLocales: 'Effacer les données locales',
  titreVersion: "Votre application n'est pas à jour",
  texteVersion:
    "Une nouvelle version de l'application est disponible. Enregistrez vos contrôles en cours, puis rechargez l'application.",
  titreAttention: 'Attention',
  texteAttention:
    "Toutes les données de cet appareil seront effacées définitivement, y compris les contrôles et les rapports d'audit qui n'ont pas encore été synchronisés.",
  titreChangementCompte: 'Changement de compte',
  texteChangementCompte:
    'Un autre utilisateur a synchronisé cet appareil. Continuer efface ses données locales, y compris les contrôles non synchronisés, qui seront perdus. Annuler vous déconnecte.',
  /** Service-worker notices (spec part 1 §2 'App start'). */
  titreMiseAJour: 'Mise à jour disponible',
  miseAJourDisponible:
    "Une nouvelle version de l'application est disponible. Vérifiez que tous vos contrôles sont enregistrés avant de recharger.",
  recharger: 'Recharger',
  miseAJourTerminee: "L'application a été mise à jour.",
} as const;

export const MESSAGES_TOURNEE = {
  operateursAjoutes: 'Les opérateurs ont bien été ajoutés',
  operateursNonAjoutes: "Les opérateurs n'ont pas pu être ajoutés",
  operateurSupprimePanier: "L'opérateur a été supprimé du panier",
  erreurSuppressionPanier: 'Erreur durant la suppression du panier',
  controleurModifieAssistant: 'Le contrôleur a été modifié',
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
  controlesModifies: 'Les contrôles ont bien été modifiés',
  erreurModificationControles: 'Une erreur est survenue lors de la modification des contrôles',
  inopineCree: 'Le contrôle inopiné a bien été créé.',
  erreurInopine: 'Une erreur est survenue lors de la création du contrôle inopiné.',
  controleAnnule: 'Le contrôle a été annulé',
  controlesAnnules: 'Les contrôles ont été annulés',
  erreurAnnulation: "Erreur durant l'annulation du contrôle",
  erreurAnnulations: "Erreur durant l'annulation des contrôles",
  perimetreDepot: 'Veuillez sélectionner le périmètre pour accéder au dépôt externe',
  perimetreCreation: 'Veuillez sélectionner le périmètre pour accéder à la création de tournée',
} as const;

/** Titles, tabs, buttons and chips of the rounds area (spec part 1 §2). */
export const LIBELLES_TOURNEE = {
  mesTournees: 'Mes tournées',
  programmation: 'Programmation des tournées',
  recapitulatif: 'Récapitulatif des tournées',
  semaineTravail: 'Semaine de travail',
  jour: 'Jour',
  raisonAbandon: "Raison de l'abandon",
  titreInopine: 'Tournée inopinée - Création',
  titreCreation: 'Tournée - Création',
  titreDetail: 'Tournée - Détail',
  titreDepotExterne: 'Dépôt contrôle externe',
  etapesCreation: ['Sélection du contrôleur', 'Préparation des contrôles', 'Récapitulatif'],
  panier: 'Panier des opérateurs',
  controles: 'Contrôles',
  ajouterOperateur: 'Ajouter opérateur',
  toutDeposer: 'Tout déposer',
  rechercheOperateur: 'Recherche opérateur',
  saisieEnLot: 'Saisie en lot des contrôles',
  niveauControle: 'Niveau de contrôle',
  modificationControles: 'Modification des contrôles',
  depotControleExterne: 'Dépôt contrôle externe',
  creerTournee: 'Créer une tournée',
  avisPassage: 'Avis de passage',
  planningControle: 'Planning de contrôle',
  valide: 'Validé',
  aFaire: 'À faire',
  incomplet: 'Incomplet',
  boutons: {
    suivant: 'Suivant',
    finaliser: 'Finaliser',
    sauvegarder: 'Sauvegarder',
    annuler: 'Annuler',
    ajouter: 'Ajouter',
    valider: 'Valider',
    modifier: 'Modifier',
    retour: 'Retour',
  },
} as const;

/** 'Abandonner le contrôle de 08:30': the cancel dialog's title, with the control's time. */
export const abandonnerControleTitre = (heure: string): string =>
  `Abandonner le contrôle de ${heure}`;

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
  /** Step 3 → 4 or finalisation refused by the progress plan (ours: the spec has none). */
  planProgresInvalide: 'Des dates ou des délais du plan de progrès ne sont pas valides',
  erreurGenerationDocument: 'Erreur lors de la génération du document',
  documentRequis: 'Le contrôle ne peut pas être finalisé si le document ne peut pas être généré',
  erreurDocument: 'Erreur durant la génération du document',
  erreurDocuments: 'Erreur lors de la génération des documents',
  pdfNonAffichable:
    'Votre navigateur ne peut pas afficher les documents PDF : téléchargez le rapport pour le consulter.',
  apercuMobile: "L'aperçu du rapport n'est pas disponible sur mobile.",
} as const;

/** Titles, steps and buttons of the control entry page (spec part 2 §2). */
export const LIBELLES_SAISIE = {
  titre: 'Saisie contrôle',
  etapes: ['Informations générales', 'Point de contrôle', 'Plan de progrès', "Synthèse de l'audit"],
  systemeExploitation: "Système d'exploitation",
  valeurDeclaree: 'Valeur déclarée',
  aideSaisie: 'Aide à la saisie',
  rechercheAuditeur: 'Recherche auditeur',
  boutons: {
    retour: 'Retour',
    informations: 'Informations',
    enregistrer: 'Enregistrer',
    suivant: 'Suivant',
    finaliser: 'Finaliser',
    modifier: 'Modifier',
  },
} as const;

/** The spec's 'preview pour controle aop {libelle}', in French: no English word on screen. */
export const erreurApercu = (libelle: string): string =>
  `Erreur lors de la génération de l'aperçu pour le contrôle AOP-IGP ${libelle}`;
/** Shown 10 s: the data lacks a code, only the reference-data team can fix it. */
export const formuleCodeAbsent = (code: string, formule: string): string =>
  `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) n'est pas présent dans le système d'exploitation`;
export const formuleEnErreur = (code: string, formule: string): string =>
  `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) présente une erreur`;
/**
 * A typed text holding characters the audit report cannot print (no embedded font draws them, or
 * they are invisible controls): the entry is refused at the field, naming them (issue 27 item 5).
 * `caracteres` are the refused characters, `invisible` those to be named by their code alone.
 */
export function caracteresNonImprimables(
  caracteres: { texte: string; code: string; invisible: boolean }[],
): string {
  const noms = caracteres
    .slice(0, 3)
    .map((c) =>
      c.invisible ? `un caractère invisible (${c.code})` : `« ${c.texte} » (${c.code})`,
    );
  const suite = caracteres.length > 3 ? ` et ${caracteres.length - 3} autre(s)` : '';
  const ce = caracteres.length > 1 ? 'ces caractères' : 'ce caractère';
  return `Le rapport ne peut pas imprimer ${noms.join(', ')}${suite} : saisie refusée, retirez ${ce}.`;
}
/** A typed text longer than its field allows, refused at the field (a signer's name). */
export const texteTropLong = (max: number): string => `${max} caractères au plus : saisie refusée.`;
/**
 * The audited party's statement above the signatures (spec part 2 §5), word for word as the report
 * prints it (sections/signatures.ts): the signature dialog shows it before they sign.
 */
export const declarationPages = (pages: number): string =>
  pages === 1
    ? "L'audité déclare avoir pris connaissance de l'unique page du présent rapport."
    : `L'audité déclare avoir pris connaissance de l'intégralité des ${pages} pages du présent rapport.`;

export const ETATS_VIDES = {
  aucunManquement: 'Aucun manquement',
  aucunControleSaisi: 'Aucun contrôle saisi',
  aucunResultat: 'Aucun résultat',
  aucunSite: 'Aucun site à afficher',
  aucunManquementPrecedent: 'Aucun manquement précédent',
  aucunContact: 'Aucun contact lié',
  aucunControleSemaine: 'Aucun contrôle cette semaine',
} as const;

/**
 * Spec part 2 §8: when 2 MB or less remain, a persistent warning asks for at least 4 GB free
 * (Chrome) or 20 GB (other browsers, whose quota is a smaller share of the disk).
 */
export function alerteStockage(mbManquants: number, chrome: boolean): string {
  const requis = chrome ? '4 Go' : '20 Go';
  const manque = Math.max(0, Math.ceil(mbManquants));
  return `Espace de stockage insuffisant : l'application a besoin d'au moins ${requis} libres sur l'appareil pour fonctionner hors ligne. Il manque ${manque} Mo : libérez de l'espace avant de continuer.`;
}

/** The legal pages (spec part 1 §1, part 2 §1). */
export const TEXTES_LEGAUX = {
  titreMentions: 'Mentions légales',
  mentions: [
    "Ce service est réservé aux utilisateurs enregistrés : les organismes de défense et de gestion des appellations d'origine laitières, leurs animateurs et leurs contrôleurs, ainsi que l'organisme national qui les coordonne.",
    "Il est édité par le Conseil national des appellations d'origine laitières (CNAOL), organisme national des appellations d'origine laitières.",
    "Toute utilisation du service suppose l'acceptation de la politique de protection des données personnelles.",
  ],
  titreRgpd: 'Données personnelles',
  rgpd: {
    comptes:
      "Les comptes des utilisateurs sont créés par un administrateur, à la demande de l'organisme auquel l'utilisateur est rattaché.",
    titreConservation: 'Durées de conservation',
    conservation: [
      "Les données des opérateurs sont conservées pendant toute la durée de leur habilitation, puis au moins 5 ans après l'arrêt de leur production.",
      'Les journaux techniques sont conservés 8 jours glissants.',
      'Les cookies ont une durée de vie de 8 jours au plus.',
    ],
  },
} as const;
