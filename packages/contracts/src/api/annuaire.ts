import {
  anonymisationQuerySchema,
  anonymisationReponseSchema,
  communesSchema,
  contactEcritureSchema,
  contactPatchSchema,
  contactsPhysiquesSchema,
  documentHabilitationParamsSchema,
  existantQuerySchema,
  existantReponseSchema,
  habilitationExistantSchema,
  ficheMoraleSchema,
  idParamsSchema,
  idReponseSchema,
  idsReponseSchema,
  operateursCourtsSchema,
  organismeIdentiteSchema,
  organismesCertificateursSchema,
  personneMoraleEcritureSchema,
  personneMoraleExportQuerySchema,
  personneMoralePageSchema,
  personneMoralePatchSchema,
  personneMoraleRechercheSchema,
  referenceListeSchema,
  siteEcritureSchema,
  siteParamsSchema,
  sitePatchSchema,
  sousProfilParamsSchema,
  texteRechercheSchema,
} from '../annuaire';
import {
  activitesAopIgpSchema,
  communeQuerySchema,
  contactPhysiqueQuerySchema,
  groupeEcritureSchema,
  groupeExportQuerySchema,
  groupeLigneSchema,
  groupeMembreParamsSchema,
  groupeMembreSchema,
  groupePageSchema,
  groupeQuerySchema,
  habilitationExportQuerySchema,
  habilitationFicheSchema,
  habilitationPageSchema,
  habilitationRechercheSchema,
  membrePossibleQuerySchema,
  personnePhysiqueEcritureSchema,
  personnePhysiqueListeSchema,
  personnePhysiquePatchSchema,
  personnePhysiqueRechercheSchema,
  personnePhysiqueSchema,
} from '../annuaire-listes';
import { type Endpoint, reponseFichier, reponseXlsx, rien } from '../endpoint';

/** The operators' short searches: the same query and answer, habilitated operators or all. */
const rechercheCourte = (resume: string) => ({
  resume,
  query: texteRechercheSchema,
  reponse: operateursCourtsSchema,
});
const PERIMETRE_COURT =
  'Opérateurs du périmètre par raison sociale, SIRET, EDE ou PACAGE (20 au plus)';
const activites = { resume: 'Activités (profils) des opérateurs', reponse: referenceListeSchema };

/** Directory: operators, persons, habilitations, groups, references. */
export const apiAnnuaire = {
  // Operators (personne morale).
  'GET /api/personne-morale': {
    resume: 'Recherche paginée des opérateurs du périmètre',
    query: personneMoraleRechercheSchema,
    reponse: personneMoralePageSchema,
  },
  'GET /api/personne-morale/export': {
    resume: 'Export XLSX de la recherche des opérateurs (mêmes filtres)',
    description:
      'Réponse : fichier XLSX (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), écrit au fil de la lecture.',
    query: personneMoraleExportQuerySchema,
    reponse: reponseXlsx,
  },
  'GET /api/personne-morale/autocomplete': rechercheCourte(PERIMETRE_COURT),
  'GET /api/personne-morale/recherche/petit': rechercheCourte(PERIMETRE_COURT),
  'GET /api/personne-morale/recherche/operateurs': rechercheCourte(
    'Opérateurs habilités (VALIDEE) du périmètre par raison sociale, SIRET, EDE ou PACAGE',
  ),
  'GET /api/personne-morale/recherche/existant': {
    resume:
      'Doublons avant une création : par SIRET (tous périmètres : hors du périmètre, seulement les ODG et AOP-IGP qui le détiennent) ou par EDE (périmètre)',
    query: existantQuerySchema,
    reponse: existantReponseSchema,
  },
  'POST /api/personne-morale/existant/habilitation': {
    resume:
      "Habilite sur une AOP-IGP de l'ODG un opérateur existant hors du périmètre, désigné par son SIRET (habilitations EN_ATTENTE ; il entre dans le périmètre)",
    corps: habilitationExistantSchema,
    reponse: idReponseSchema,
    statut: 201,
  },
  'GET /api/personne-morale/{id}/sites': {
    params: idParamsSchema,
    reponse: ficheMoraleSchema.shape.sites,
  },
  'POST /api/personne-morale/{id}/sites': {
    resume: "Ajoute un site à l'opérateur",
    params: idParamsSchema,
    corps: siteEcritureSchema,
    reponse: idReponseSchema,
    statut: 201,
  },
  'PATCH /api/personne-morale/{id}/sites/{siteId}': {
    resume: "Modifie un site de l'opérateur (AOP-IGP : celles de l'ODG que l'opérateur détient)",
    params: siteParamsSchema,
    corps: sitePatchSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/personne-morale/{id}/sites/{siteId}': {
    resume: "Supprime un site de l'opérateur (409 s'il est cité par un contrôle)",
    params: siteParamsSchema,
    reponse: rien,
  },
  'POST /api/personne-morale': {
    resume: 'Crée un opérateur (409 si le SIRET existe)',
    corps: personneMoraleEcritureSchema,
    reponse: idReponseSchema,
    statut: 201,
  },
  'PATCH /api/personne-morale/{id}': {
    resume: 'Modifie un opérateur du périmètre',
    params: idParamsSchema,
    corps: personneMoralePatchSchema,
    reponse: idReponseSchema,
  },
  'POST /api/personne-morale/anonymisation/{id}': {
    resume:
      "Anonymisation RGPD d'un opérateur (409 pendant la durée de conservation, sauf force par le CNAOL)",
    params: idParamsSchema,
    query: anonymisationQuerySchema,
    reponse: anonymisationReponseSchema,
  },
  'GET /api/fiche/morale/{id}': {
    resume: "Fiche d'un opérateur",
    params: idParamsSchema,
    reponse: ficheMoraleSchema,
  },
  'POST /api/fonction': {
    resume: 'Lie un contact (personne et fonction) à un opérateur',
    corps: contactEcritureSchema,
    reponse: idReponseSchema,
    statut: 201,
  },
  'PATCH /api/fonction/{id}': {
    resume: "Corrige un contact d'un opérateur (fonction, téléphones, mail, identité)",
    params: idParamsSchema,
    corps: contactPatchSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/fonction/{id}': {
    resume: "Retire un contact de l'opérateur (la personne physique reste)",
    params: idParamsSchema,
    reponse: rien,
  },
  // Organisations (ODG, certifying bodies).
  'GET /api/personne-morale/oc': {
    resume: "Organismes certificateurs (OC) des AOP-IGP de l'ODG actif",
    reponse: organismesCertificateursSchema,
  },
  'GET /api/personne-morale/odg/{id}': {
    resume: "Identité de l'ODG (celui du droit actif seulement, sinon 404)",
    params: idParamsSchema,
    reponse: organismeIdentiteSchema,
  },
  // Natural persons (personne physique).
  'GET /api/personne-physique': {
    resume: 'Recherche paginée des personnes physiques du périmètre',
    query: personnePhysiqueRechercheSchema,
    reponse: personnePhysiqueListeSchema,
  },
  'GET /api/contact/physique/recherche': {
    resume:
      "Personnes physiques du périmètre à lier comme contact d'un opérateur (nom, prénom ou mail ; 20 au plus)",
    query: contactPhysiqueQuerySchema,
    reponse: contactsPhysiquesSchema,
  },
  'GET /api/fiche/physique/{id}': { params: idParamsSchema, reponse: personnePhysiqueSchema },
  'POST /api/personne-physique': {
    corps: personnePhysiqueEcritureSchema,
    reponse: idReponseSchema,
    statut: 201,
  },
  'PATCH /api/personne-physique/{id}': {
    params: idParamsSchema,
    corps: personnePhysiquePatchSchema,
    reponse: idReponseSchema,
  },
  'POST /api/personne-physique/anonymisation/{id}': {
    resume: "Anonymisation RGPD d'une personne (force : CNAOL seulement)",
    params: idParamsSchema,
    query: anonymisationQuerySchema,
    reponse: anonymisationReponseSchema,
  },
  // Habilitations: JSON, or multipart (part `data`, the form's JSON, and the DI `document`).
  'GET /api/habilitation': {
    resume: 'Habilitations des AOP-IGP du périmètre',
    query: habilitationRechercheSchema,
    reponse: habilitationPageSchema,
  },
  'GET /api/habilitation/export': {
    resume: 'Export XLSX des habilitations (mêmes filtres)',
    query: habilitationExportQuerySchema,
    reponse: reponseXlsx,
  },
  'GET /api/fiche/habilitation/{id}': { params: idParamsSchema, reponse: habilitationFicheSchema },
  'POST /api/habilitation': {
    resume: 'Crée une habilitation (JSON, ou multipart : data + document DI ≤ 5 000 000 octets)',
    multipart: true,
    reponse: idReponseSchema,
    statut: 201,
  },
  'POST /api/habilitation/modifie/{id}': {
    resume: 'Modifie statut et date de DI, ajoute un document DI (multipart possible)',
    params: idParamsSchema,
    multipart: true,
    reponse: idReponseSchema,
  },
  'GET /api/habilitation/sous-profil/{id}/aop/{aopId}': {
    resume:
      "Activités (sous-profils) de la catégorie {id} de la matrice de l'ODG que propose l'AOP-IGP {aopId}",
    params: sousProfilParamsSchema,
    reponse: referenceListeSchema,
  },
  'GET /api/habilitation/document/{personneMoraleId}/{aopId}/{fichierId}': {
    resume: "Un document DI d'une habilitation de l'opérateur sur l'AOP-IGP (périmètre)",
    params: documentHabilitationParamsSchema,
    reponse: reponseFichier,
  },
  // The body is `demandeIdentificationSchema`, read by the route from JSON or the `data` part.
  'POST /api/habilitation/demande-identification': {
    resume:
      "Demande d'identification : un document DI pour plusieurs activités d'une AOP-IGP (JSON, ou multipart : data + document ≤ 5 000 000 octets)",
    multipart: true,
    reponse: idsReponseSchema,
    statut: 201,
  },
  // Groups of operators.
  'GET /api/groupe': {
    resume: "Groupes d'opérateurs de l'ODG",
    query: groupeQuerySchema,
    reponse: groupePageSchema,
  },
  'GET /api/groupe/export': {
    resume: 'Export XLSX des groupes (même filtre libellé que la liste) et de leurs membres',
    query: groupeExportQuerySchema,
    reponse: reponseXlsx,
  },
  'GET /api/groupe/{id}': { params: idParamsSchema, reponse: groupeLigneSchema },
  'POST /api/groupe': { corps: groupeEcritureSchema, reponse: idReponseSchema, statut: 201 },
  'PUT /api/groupe/{id}': {
    params: idParamsSchema,
    corps: groupeEcritureSchema,
    reponse: idReponseSchema,
  },
  'DELETE /api/groupe/{id}': { params: idParamsSchema, reponse: rien },
  'GET /api/groupe/{id}/membres': { params: idParamsSchema, reponse: operateursCourtsSchema },
  'GET /api/groupe/{id}/membre-possible': {
    params: idParamsSchema,
    query: membrePossibleQuerySchema,
    reponse: operateursCourtsSchema,
  },
  'POST /api/groupe/{id}/membre': {
    params: idParamsSchema,
    corps: groupeMembreSchema,
    reponse: rien,
  },
  'DELETE /api/groupe/{id}/membre/{personneMoraleId}': {
    params: groupeMembreParamsSchema,
    reponse: rien,
  },
  // Reference lists.
  'GET /api/aop-igp': { resume: "AOP-IGP de l'ODG actif", reponse: referenceListeSchema },
  'GET /api/activite': activites,
  'GET /api/profil': activites,
  'GET /api/activiteAopIgp': {
    resume: "Activités proposées par chaque AOP-IGP de l'ODG",
    reponse: activitesAopIgpSchema,
  },
  'GET /api/commune/autocomplete-enum': {
    resume: 'Code postal ↔ commune (base officielle La Poste), sans accents ni casse',
    query: communeQuerySchema,
    reponse: communesSchema,
  },
} as const satisfies Record<string, Endpoint>;
