import { describe, expect, it } from 'vitest';
import {
  abandonnerControleTitre,
  alerteStockage,
  declarationPages,
  erreurApercu,
  ETATS_VIDES,
  formuleCodeAbsent,
  formuleEnErreur,
  LIBELLES_SAISIE,
  LIBELLES_TOURNEE,
  MESSAGES_GENERIQUES,
  MESSAGES_SAISIE,
  MESSAGES_SYNCHRO,
  MESSAGES_TOURNEE,
  MESSAGES_VALIDATION,
  TEXTES_LEGAUX,
} from './messages';

/** Each message as the spec writes it, copied from the spec (three slips corrected). */
describe('messages keep the spec wording', () => {
  it.each([
    [MESSAGES_VALIDATION.obligatoire, 'Ce champ est obligatoire'],
    [MESSAGES_VALIDATION.pourcentage, 'Ce champ doit contenir une valeur entre 0 et 100'],
    [MESSAGES_VALIDATION.email, 'Utilisez un email valide'],
    [MESSAGES_VALIDATION.telephone, 'Utilisez un numéro de téléphone valide'],
    [MESSAGES_VALIDATION.codePostal, 'Utilisez un code postal valide'],
    [MESSAGES_VALIDATION.siret, 'Le numéro de siret doit comporter 14 chiffres'],
    [MESSAGES_VALIDATION.fichierTropGros, 'Le fichier est trop gros (max 5Mo)'],
    [MESSAGES_VALIDATION.unDesFichiersTropGros, 'Un des fichiers est trop gros (max 5Mo)'],
    [MESSAGES_VALIDATION.fichierIllisible, 'Fichier inaccessible ou endommagé'],
    [MESSAGES_VALIDATION.dimanche, 'Contrôle impossible le dimanche'],
    [
      MESSAGES_VALIDATION.manquementsObligatoires,
      'Les manquements sont obligatoires pour un contrôle non conforme',
    ],
    [
      MESSAGES_VALIDATION.selectionAopOperateur,
      'Veuillez sélectionner une AOP-IGP et un opérateur',
    ],
    [MESSAGES_VALIDATION.selectionAop, 'Veuillez sélectionner une AOP-IGP'],
    [MESSAGES_GENERIQUES.erreurServeur, "Erreur d'accès au serveur"],
    [MESSAGES_GENERIQUES.verifierSaisie, 'Veuillez vérifier votre saisie'],
    [MESSAGES_GENERIQUES.fichierNonOuvert, "Le fichier n'a pas pu être ouvert"],
    [MESSAGES_GENERIQUES.aucunResultat, 'Aucun résultat'],
    [
      MESSAGES_GENERIQUES.verificationVersion,
      "Une erreur est survenue lors de la vérification de la version de l'application",
    ],
    [MESSAGES_GENERIQUES.deconnexion, 'Êtes-vous sûr de vouloir vous déconnecter ?'],
    [MESSAGES_GENERIQUES.enLigne, 'En ligne'],
    [MESSAGES_GENERIQUES.horsLigne, 'Hors Ligne'],
    [MESSAGES_GENERIQUES.quitterHorsLigne, 'Quitter mode Hors Ligne'],
    [MESSAGES_GENERIQUES.titreAccesInterdit, 'Accès interdit'],
    [MESSAGES_GENERIQUES.accesInterdit, "Vous n'avez pas accès à cette page."],
    [MESSAGES_GENERIQUES.titrePageNonAccessible, 'Page non accessible'],
    [MESSAGES_GENERIQUES.titreApplicationInaccessible, 'Application inaccessible'],
    [MESSAGES_SYNCHRO.erreur, 'Une erreur est survenue pendant la synchronisation'],
    [MESSAGES_SYNCHRO.synchroniserAvant, 'Vous devez synchroniser vos données avant de continuer'],
    [MESSAGES_SYNCHRO.synchroniserVosDonnees, 'Synchroniser vos données'],
    [MESSAGES_SYNCHRO.effacerDonneesLocales, 'Effacer les données locales'],
    [MESSAGES_SYNCHRO.titreVersion, "Votre application n'est pas à jour"],
    [MESSAGES_SYNCHRO.titreAttention, 'Attention'],
    [MESSAGES_SYNCHRO.titreChangementCompte, 'Changement de compte'],
    [MESSAGES_SYNCHRO.recharger, 'Recharger'],
    [MESSAGES_TOURNEE.operateursAjoutes, 'Les opérateurs ont bien été ajoutés'],
    [MESSAGES_TOURNEE.operateursNonAjoutes, "Les opérateurs n'ont pas pu être ajoutés"],
    [MESSAGES_TOURNEE.operateurSupprimePanier, "L'opérateur a été supprimé du panier"],
    [MESSAGES_TOURNEE.erreurSuppressionPanier, 'Erreur durant la suppression du panier'],
    [MESSAGES_TOURNEE.controleurModifieAssistant, 'Le contrôleur a été modifié'],
    [
      MESSAGES_TOURNEE.erreurControleurAssistant,
      'Erreur durant la modification du contrôleur de la tournée',
    ],
    [MESSAGES_TOURNEE.controleurModifie, 'Le contrôleur a été modifié'],
    [
      MESSAGES_TOURNEE.erreurControleur,
      'Une erreur est survenue lors de la modification du contrôleur',
    ],
    [MESSAGES_TOURNEE.tourneeInitialisee, 'La création de la tournée a été initialisée'],
    [MESSAGES_TOURNEE.erreurCreationTournee, 'Erreur durant la création de la tournée'],
    [MESSAGES_TOURNEE.tourneeFinalisee, 'La création de la tournée a été finalisée'],
    [
      MESSAGES_TOURNEE.erreurFinalisationTournee,
      'Erreur durant la finalisation de la création de la tournée',
    ],
    [MESSAGES_TOURNEE.controlesCrees, 'Les contrôles ont été créés'],
    [MESSAGES_TOURNEE.controlesCreesDepot, 'Les contrôles ont bien été créés'],
    [MESSAGES_TOURNEE.erreurCreationControles, 'Erreur durant la création des contrôles'],
    [MESSAGES_TOURNEE.controlesSupprimes, 'Les contrôles ont été supprimés'],
    [MESSAGES_TOURNEE.erreurSuppressionControles, 'Erreur durant la suppression des contrôles'],
    [MESSAGES_TOURNEE.tourneeSauvegardee, 'La tournée a été sauvegardée'],
    [MESSAGES_TOURNEE.erreurSauvegardeTournee, 'Erreur durant la sauvegarde de la tournée'],
    [MESSAGES_TOURNEE.controlesModifies, 'Les contrôles ont bien été modifiés'],
    [
      MESSAGES_TOURNEE.erreurModificationControles,
      'Une erreur est survenue lors de la modification des contrôles',
    ],
    [MESSAGES_TOURNEE.inopineCree, 'Le contrôle inopiné a bien été créé.'],
    [
      MESSAGES_TOURNEE.erreurInopine,
      'Une erreur est survenue lors de la création du contrôle inopiné.',
    ],
    [MESSAGES_TOURNEE.controleAnnule, 'Le contrôle a été annulé'],
    [MESSAGES_TOURNEE.controlesAnnules, 'Les contrôles ont été annulés'],
    [MESSAGES_TOURNEE.erreurAnnulation, "Erreur durant l'annulation du contrôle"],
    [MESSAGES_TOURNEE.erreurAnnulations, "Erreur durant l'annulation des contrôles"],
    [
      MESSAGES_TOURNEE.perimetreDepot,
      'Veuillez sélectionner le périmètre pour accéder au dépôt externe',
    ],
    [
      MESSAGES_TOURNEE.perimetreCreation,
      'Veuillez sélectionner le périmètre pour accéder à la création de tournée',
    ],
    [LIBELLES_TOURNEE.raisonAbandon, "Raison de l'abandon"],
    [LIBELLES_TOURNEE.recapitulatif, 'Récapitulatif des tournées'],
    [LIBELLES_TOURNEE.semaineTravail, 'Semaine de travail'],
    [LIBELLES_TOURNEE.valide, 'Validé'],
    [LIBELLES_TOURNEE.aFaire, 'À faire'],
    [LIBELLES_TOURNEE.incomplet, 'Incomplet'],
    [LIBELLES_TOURNEE.titreInopine, 'Tournée inopinée - Création'],
    [
      LIBELLES_TOURNEE.etapesCreation.join(' / '),
      'Sélection du contrôleur / Préparation des contrôles / Récapitulatif',
    ],
    [
      MESSAGES_SAISIE.grilleIncomplete,
      "Des éléments de la grille de saisie n'ont pas été renseignés",
    ],
    [MESSAGES_SAISIE.sauvegarde, 'Le contrôle a été sauvegardé'],
    [MESSAGES_SAISIE.erreurSauvegarde, 'Erreur durant la sauvegarde du contrôle'],
    [MESSAGES_SAISIE.finalise, 'Le contrôle a été finalisé'],
    [MESSAGES_SAISIE.erreurFinalisation, 'Erreur durant la finalisation du contrôle'],
    [MESSAGES_SAISIE.dateModifiee, 'La date du contrôle a été modifiée'],
    [MESSAGES_SAISIE.erreurDate, 'Erreur durant la modification de la date de contrôle'],
    [MESSAGES_SAISIE.confirmerDate, 'Voulez-vous changer la date du contrôle ?'],
    [MESSAGES_SAISIE.ignorerGroupe, 'Voulez-vous ignorer ce groupe de saisie ?'],
    [MESSAGES_SAISIE.nonFinalisable, 'Le contrôle ne peut pas être finalisé'],
    [MESSAGES_SAISIE.completer, 'Merci de compléter les éléments manquants'],
    [MESSAGES_SAISIE.erreurGenerationDocument, 'Erreur lors de la génération du document'],
    [
      MESSAGES_SAISIE.documentRequis,
      'Le contrôle ne peut pas être finalisé si le document ne peut pas être généré',
    ],
    [MESSAGES_SAISIE.erreurDocument, 'Erreur durant la génération du document'],
    [MESSAGES_SAISIE.erreurDocuments, 'Erreur lors de la génération des documents'],
    [
      LIBELLES_SAISIE.etapes.join(' / '),
      "Informations générales / Point de contrôle / Plan de progrès / Synthèse de l'audit",
    ],
    [LIBELLES_SAISIE.valeurDeclaree, 'Valeur déclarée'],
    [LIBELLES_SAISIE.aideSaisie, 'Aide à la saisie'],
    [LIBELLES_SAISIE.rechercheAuditeur, 'Recherche auditeur'],
    [ETATS_VIDES.aucunManquement, 'Aucun manquement'],
    [ETATS_VIDES.aucunControleSaisi, 'Aucun contrôle saisi'],
    [ETATS_VIDES.aucunResultat, 'Aucun résultat'],
    [ETATS_VIDES.aucunSite, 'Aucun site à afficher'],
    [ETATS_VIDES.aucunManquementPrecedent, 'Aucun manquement précédent'],
    [ETATS_VIDES.aucunContact, 'Aucun contact lié'],
    [ETATS_VIDES.aucunControleSemaine, 'Aucun contrôle cette semaine'],
  ])('%j', (message, attendu) => {
    expect(message).toBe(attendu);
  });

  it("carries none of the spec's slips, and no English word (docs/decisions.md lists each fix)", () => {
    // The texts only, not the keys ('controles' names a message, it is not one).
    const textes = (v: unknown): string[] =>
      typeof v === 'string'
        ? [v]
        : v && typeof v === 'object'
          ? Object.values(v).flatMap(textes)
          : [];
    const tout = textes([
      MESSAGES_VALIDATION,
      MESSAGES_GENERIQUES,
      MESSAGES_SYNCHRO,
      MESSAGES_TOURNEE,
      MESSAGES_SAISIE,
      LIBELLES_TOURNEE,
      LIBELLES_SAISIE,
      ETATS_VIDES,
      abandonnerControleTitre('08:30'),
      erreurApercu('Comté'),
      formuleCodeAbsent('a6', 'a2 / a4'),
      formuleEnErreur('a6', 'a2 / a4'),
    ]).join('\n');
    for (const coquille of [
      /chifres/,
      /modifcationd/,
      /\bla la\b/,
      /\bon bien\b/,
      /sélectionnez/,
      /survenu\b/,
      /\bpeux pas\b/,
      /\betre\b/,
      /\b[Cc]ontroles?\b/,
      /\b[Tt]ournees?\b/,
      /\b[Ss]ysteme\b/,
      /\b[Oo]perateurs?\b/,
      /(^|\n)A faire/,
      /Le contrôleur a été modifiée/,
      /\bpreview\b/i,
    ])
      expect(tout).not.toMatch(coquille);
  });
});

describe('message templates', () => {
  it.each([
    [abandonnerControleTitre('08:30'), 'Abandonner le contrôle de 08:30'],
    [
      formuleCodeAbsent('a6', '(a1 + a2) / a3'),
      "La ligne a6 n'est pas calculable car un code de sa formule ((a1 + a2) / a3) n'est pas présent dans le système d'exploitation",
    ],
    [
      formuleEnErreur('a6', 'a1 +'),
      "La ligne a6 n'est pas calculable car un code de sa formule (a1 +) présente une erreur",
    ],
    [
      erreurApercu('Comté'),
      "Erreur lors de la génération de l'aperçu pour le contrôle AOP-IGP Comté",
    ],
    [
      declarationPages(4),
      "L'audité déclare avoir pris connaissance de l'intégralité des 4 pages du présent rapport.",
    ],
  ])('%j', (message, attendu) => {
    expect(message).toBe(attendu);
  });

  it.each([
    [12, true, '4 Go', 'Il manque 12 Mo'],
    [12.2, false, '20 Go', 'Il manque 13 Mo'],
    [-3, true, '4 Go', 'Il manque 0 Mo'],
  ])('storage warning: %s MB missing, Chrome %s', (mb, chrome, requis, manque) => {
    const texte = alerteStockage(mb, chrome);
    expect(texte).toContain(`au moins ${requis} libres`);
    expect(texte).toContain(manque);
  });
});

describe('legal pages', () => {
  it('say what the spec requires', () => {
    const mentions = TEXTES_LEGAUX.mentions.join(' ');
    expect(mentions).toContain('réservé aux utilisateurs enregistrés');
    expect(mentions).toContain('CNAOL');
    const rgpd = [TEXTES_LEGAUX.rgpd.comptes, ...TEXTES_LEGAUX.rgpd.conservation].join(' ');
    expect(rgpd).toContain('créés par un administrateur');
    expect(rgpd).toContain("au moins 5 ans après l'arrêt de leur production");
    expect(rgpd).toContain('8 jours glissants');
    expect(rgpd).toContain('8 jours au plus');
  });
});
