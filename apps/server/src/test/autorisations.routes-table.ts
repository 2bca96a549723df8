import type { Route } from './routes.test-helpers';

/** The authorisation matrix's classification of every route (autorisations.test.ts). */

/** Routes open without a bearer token, each for a reason. */
export const PUBLIQUES = new Set([
  'GET /api/actuator/health',
  'GET /api/actuator/health/liveness',
  'GET /api/actuator/health/readiness',
  // No user token: the scraper's own (METRICS_TOKEN), checked by plugins/metrics.test.ts.
  'GET /api/actuator/prometheus',
  'GET /api/version',
  'POST /api/auth/login',
  // The refresh cookie is their credential (auth.test.ts).
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  // Federated sign-in (oidc.test.ts): the config the sign-in page reads, the redirect to the
  // provider, its callback (the sealed transaction cookie and the provider's code are the proof).
  'GET /api/auth/oidc/config',
  'GET /api/auth/oidc/connexion',
  'GET /api/auth/oidc/callback',
  // The token travels in the query: checked by ws.test.ts.
  'GET /api/ws',
  // Printed on reports and shown on the sign-in screen before any token.
  'GET /api/organisme/:id/logo',
]);
export const estDoc = (r: Route) => r.url === '/api/docs' || r.url.startsWith('/api/docs/');

export type Role = 'CNAOL' | 'ANIMATEUR' | 'CONTROLEUR';
const TOUS: Role[] = ['CNAOL', 'ANIMATEUR', 'CONTROLEUR'];
const BUREAU: Role[] = ['CNAOL', 'ANIMATEUR'];
const CNAOL: Role[] = ['CNAOL'];

/** Who may call each route (the others get 403 or 404). Filled from the services' requireRole. */
export const ROLES: Record<string, Role[]> = {
  'GET /api/principal': TOUS,
  'GET /api/principal/filters': TOUS,
  'GET /api/principal/auditeurs': TOUS,
  'GET /api/fichier/:id': TOUS,
  'POST /api/log': TOUS,
  'GET /api/parametrage/connexion': CNAOL,
  'PUT /api/parametrage/connexion': CNAOL,
  'GET /api/panier': BUREAU,
  'GET /api/panier/taille': BUREAU,
  'GET /api/panier/recherche': BUREAU,
  'POST /api/panier': BUREAU,
  'DELETE /api/panier/:personneMoraleId': BUREAU,
  'GET /api/panier/informations': BUREAU,
  'GET /api/tournee': BUREAU,
  'GET /api/tournee/light': BUREAU,
  'GET /api/tournee/dashboard': BUREAU,
  // A controller reads his own rounds once finalised (tournees.service `trouver`).
  'GET /api/tournee/:id': TOUS,
  'GET /api/tournee/:id/visites-controleur': BUREAU,
  'POST /api/tournee/initialise': BUREAU,
  'POST /api/tournee/creation-rapide': BUREAU,
  'PUT /api/tournee/:id/modifie': BUREAU,
  'POST /api/tournee/:id/ajoute': BUREAU,
  'POST /api/tournee/:id/ajoute-lot': BUREAU,
  'POST /api/tournee/:id/supprime': BUREAU,
  'PUT /api/tournee/:id/sauvegarde': BUREAU,
  'POST /api/tournee/:id/finalise': BUREAU,
  'GET /api/personne-physique/controleur': BUREAU,
  'GET /api/synchro/tournee': TOUS,
  'GET /api/synchro/controle': TOUS,
  'GET /api/synchro/annuaire-morale': TOUS,
  'GET /api/synchro/frontlogs': TOUS,
  'GET /api/synchro/manquement': TOUS,
  'GET /api/synchro/groupesysexp': TOUS,
  'GET /api/synchro/pointsysexp': TOUS,
  'GET /api/synchro/categorie': TOUS,
  'GET /api/synchro/categorie-activite': TOUS,
  'GET /api/synchro/activite-aop': TOUS,
  'GET /api/synchro/point-controle': TOUS,
  'GET /api/synchro/point-controle-aop': TOUS,
  'GET /api/synchro/organisme-certificateur': TOUS,
  'GET /api/synchro/referentiels': TOUS,
  'GET /api/synchro/annuaire-morale/instantane': TOUS,
  'GET /api/synchro/annuaire-morale/instantane/:cle/:partie': TOUS,
  'GET /api/synchro/controle-recheck': TOUS,
  'POST /api/synchro/controle': TOUS,
  'POST /api/synchro/nouveautes': TOUS,
  'POST /api/synchro/numeros-rapport': TOUS,
  'POST /api/synchro/morale': TOUS,
  'POST /api/synchro/frontlogs': TOUS,
  'POST /api/controles/:id/annulation': BUREAU,
  'POST /api/controles/:id/controleur': BUREAU,
  'POST /api/controle/inopine': TOUS,
  'GET /api/controle/depotExterne/odg/:id': BUREAU,
  'POST /api/controle/depotExterne': BUREAU,
  'GET /api/controle/depotExterne/operateurs': BUREAU,
  'GET /api/controle/depotExterne/auditeurs': BUREAU,
  'GET /api/controle/depotExterne/points': BUREAU,
  'GET /api/controle/depotExterne/manquements': BUREAU,
  'GET /api/tdb/controle': BUREAU,
  'GET /api/tdb/controle/export': BUREAU,
  'GET /api/tdb/controle/statistiques': BUREAU,
  'GET /api/tdb/manquement': BUREAU,
  'GET /api/tdb/manquement/export': BUREAU,
  'GET /api/tdb/manquement/statistiques': BUREAU,
  'POST /api/tdb/manquement/manuelle': BUREAU,
  'GET /api/tdb/manquement/:id': BUREAU,
  'POST /api/tdb/manquement/:id/commentaire': BUREAU,
  'GET /api/tdb/suivi/:id': BUREAU,
  // The user's own display settings (tableau-de-bord.service: every role reads its own).
  'GET /api/tdb/parametrage-tdb': TOUS,
  'GET /api/tdb/conflit': BUREAU,
  'GET /api/tdb/conflit/:id': BUREAU,
  'POST /api/tdb/conflit/:id/resolution': BUREAU,
  'PUT /api/tdb/parametrage-tdb': BUREAU,
  'GET /api/tdb/pression': BUREAU,
  'GET /api/tdb/pression/export': BUREAU,
  'PUT /api/tdb/pression/taux': BUREAU,
  'GET /api/tdb/pression/tirage': BUREAU,
  'GET /api/tdb/pression/preselection': BUREAU,
  'POST /api/tdb/pression/prepare-tirage': BUREAU,
  'GET /api/tdb/pression/tirage/:id': BUREAU,
  'POST /api/tdb/pression/panier': BUREAU,
  'GET /api/personne-morale': BUREAU,
  'GET /api/personne-morale/export': BUREAU,
  'GET /api/personne-morale/autocomplete': BUREAU,
  'GET /api/personne-morale/recherche/petit': BUREAU,
  'GET /api/personne-morale/recherche/operateurs': BUREAU,
  'GET /api/personne-morale/recherche/existant': BUREAU,
  'POST /api/personne-morale/existant/habilitation': BUREAU,
  'GET /api/personne-morale/:id/sites': BUREAU,
  'POST /api/personne-morale/:id/sites': BUREAU,
  'PATCH /api/personne-morale/:id/sites/:siteId': BUREAU,
  'DELETE /api/personne-morale/:id/sites/:siteId': BUREAU,
  'POST /api/personne-morale': BUREAU,
  'PATCH /api/personne-morale/:id': BUREAU,
  'POST /api/personne-morale/anonymisation/:id': BUREAU,
  'GET /api/fiche/morale/:id': BUREAU,
  'POST /api/fonction': BUREAU,
  'PATCH /api/fonction/:id': BUREAU,
  'DELETE /api/fonction/:id': BUREAU,
  'GET /api/personne-physique': BUREAU,
  'GET /api/fiche/physique/:id': BUREAU,
  'POST /api/personne-physique': BUREAU,
  'PATCH /api/personne-physique/:id': BUREAU,
  'POST /api/personne-physique/anonymisation/:id': BUREAU,
  'GET /api/habilitation': BUREAU,
  'GET /api/habilitation/export': BUREAU,
  'GET /api/fiche/habilitation/:id': BUREAU,
  'POST /api/habilitation': BUREAU,
  'POST /api/habilitation/modifie/:id': BUREAU,
  'GET /api/habilitation/sous-profil/:id/aop/:aopId': BUREAU,
  'GET /api/habilitation/document/:personneMoraleId/:aopId/:fichierId': BUREAU,
  'POST /api/habilitation/demande-identification': BUREAU,
  'GET /api/personne-morale/oc': BUREAU,
  'GET /api/personne-morale/odg/:id': BUREAU,
  'GET /api/contact/physique/recherche': BUREAU,
  'GET /api/groupe': BUREAU,
  'GET /api/groupe/export': BUREAU,
  'GET /api/groupe/:id': BUREAU,
  'POST /api/groupe': BUREAU,
  'PUT /api/groupe/:id': BUREAU,
  'DELETE /api/groupe/:id': BUREAU,
  'GET /api/groupe/:id/membres': BUREAU,
  'GET /api/groupe/:id/membre-possible': BUREAU,
  'POST /api/groupe/:id/membre': BUREAU,
  'DELETE /api/groupe/:id/membre/:personneMoraleId': BUREAU,
  'GET /api/aop-igp': BUREAU,
  'GET /api/activite': BUREAU,
  'GET /api/profil': BUREAU,
  'GET /api/activiteAopIgp': BUREAU,
  'GET /api/commune/autocomplete-enum': BUREAU,
  // Paramétrage (issue 16): also in RESTREINTS_ODG_REF; categories and points are national.
  'GET /api/campagne': BUREAU,
  'POST /api/campagne': BUREAU,
  'PATCH /api/campagne/:id': BUREAU,
  'GET /api/categorie': BUREAU,
  'POST /api/categorie': CNAOL,
  'PUT /api/categorie/ordre': CNAOL,
  'PATCH /api/categorie/:id': CNAOL,
  'DELETE /api/categorie/:id': CNAOL,
  'GET /api/point-controle': BUREAU,
  'GET /api/point-controle/export': BUREAU,
  'POST /api/point-controle': CNAOL,
  'PUT /api/point-controle/ordre': CNAOL,
  'PATCH /api/point-controle/:id': CNAOL,
  'DELETE /api/point-controle/:id': CNAOL,
  'PUT /api/point-controle/:id/aop/:aopIgpId': BUREAU,
  'GET /api/point-controle/systeme': BUREAU,
  'GET /api/point-controle/systeme/export': BUREAU,
  'PUT /api/point-controle/systeme/ordre': BUREAU,
  'POST /api/point-controle/systeme/groupe': BUREAU,
  'PATCH /api/point-controle/systeme/groupe/:id': BUREAU,
  'DELETE /api/point-controle/systeme/groupe/:id': BUREAU,
  'POST /api/point-controle/systeme/point': BUREAU,
  'PATCH /api/point-controle/systeme/point/:id': BUREAU,
  'DELETE /api/point-controle/systeme/point/:id': BUREAU,
  'GET /api/referentiel': BUREAU,
  'POST /api/referentiel': BUREAU,
  'PATCH /api/referentiel/:id': BUREAU,
  'POST /api/referentiel/:id/document': BUREAU,
  'GET /api/referentiel/:id/document': BUREAU,
  'DELETE /api/referentiel/:id': BUREAU,
  // The ODG's category × activity matrix and its document templates: no id in the path.
  'GET /api/categorie-activite/matrice': BUREAU,
  'PUT /api/categorie-activite/matrice': BUREAU,
  'GET /api/modele-document': BUREAU,
  'PUT /api/modele-document': BUREAU,
  'POST /api/modele-document/retablissement': BUREAU,
  'POST /api/modele-document/apercu': BUREAU,
  // Accounts and rights (issue 16 §4): also in RESTREINTS_ODG_REF; accounts of the perimeter's ODG.
  'GET /api/utilisateur': BUREAU,
  'POST /api/utilisateur': BUREAU,
  'POST /api/utilisateur/import': BUREAU,
  'PATCH /api/utilisateur/:id': BUREAU,
  'POST /api/utilisateur/:id/desactivation': BUREAU,
  'POST /api/utilisateur/:id/reactivation': BUREAU,
  'POST /api/droits/:genre': BUREAU,
  'DELETE /api/droits/:genre/:id': BUREAU,
  // Everyone changes their own password (the only call a temporary one allows, with the principal).
  'POST /api/principal/mot-de-passe': TOUS,
  // Scheduled tasks are national (purges, reminders of every ODG): the CNAOL's.
  // The avis de passage of a programmed control of the perimeter, mailed to its operator.
  'POST /api/mail/avis-de-passage/:controleId': BUREAU,
  'GET /api/tache': CNAOL,
  'POST /api/tache/execution': CNAOL,
};

/**
 * Routes of the settings area (spec part 1 §2 restrictOdgRef): an ANIMATEUR passes only under an
 * active right of type ODG (not ODG_REFERENTE); CNAOL always.
 */
export const RESTREINTS_ODG_REF = new Set(
  Object.keys(ROLES).filter((cle) =>
    /^\w+ \/api\/(campagne|categorie|categorie-activite|point-controle|referentiel|modele-document|utilisateur|droits)(\/|$)/.test(
      cle,
    ),
  ),
);

/** What each path parameter names: the matrix fills it with a row of the perimeter, or another's. */
export type Ressource =
  | 'droit'
  | 'genreDroit'
  | 'morale'
  | 'physique'
  | 'controle'
  | 'manquement'
  | 'tirage'
  | 'habilitation'
  | 'groupe'
  | 'fichier'
  | 'conflit'
  | 'utilisateur'
  | 'odg'
  | 'fichierHabilitation'
  | 'site'
  | 'campagne'
  | 'categorie'
  | 'pointControle'
  | 'aopIgp'
  | 'groupeSysExp'
  | 'pointSysExp'
  | 'referentiel'
  | 'contact'
  | 'tournee'
  | 'cleInstantane'
  | 'partieInstantane';
export const PARAMETRES: Record<string, Record<string, Ressource>> = {
  'GET /api/fichier/:id': { id: 'fichier' },
  'DELETE /api/panier/:personneMoraleId': { personneMoraleId: 'morale' },
  'GET /api/synchro/annuaire-morale/instantane/:cle/:partie': {
    cle: 'cleInstantane',
    partie: 'partieInstantane',
  },
  'GET /api/tournee/:id': { id: 'tournee' },
  'GET /api/tournee/:id/visites-controleur': { id: 'tournee' },
  'PUT /api/tournee/:id/modifie': { id: 'tournee' },
  'POST /api/tournee/:id/ajoute': { id: 'tournee' },
  'POST /api/tournee/:id/ajoute-lot': { id: 'tournee' },
  'POST /api/tournee/:id/supprime': { id: 'tournee' },
  'PUT /api/tournee/:id/sauvegarde': { id: 'tournee' },
  'POST /api/tournee/:id/finalise': { id: 'tournee' },
  'POST /api/controles/:id/annulation': { id: 'controle' },
  'POST /api/controles/:id/controleur': { id: 'controle' },
  'GET /api/controle/depotExterne/odg/:id': { id: 'droit' },
  'GET /api/tdb/manquement/:id': { id: 'manquement' },
  'POST /api/tdb/manquement/:id/commentaire': { id: 'manquement' },
  'GET /api/tdb/suivi/:id': { id: 'morale' },
  'GET /api/tdb/pression/tirage/:id': { id: 'tirage' },
  'GET /api/tdb/conflit/:id': { id: 'conflit' },
  'POST /api/tdb/conflit/:id/resolution': { id: 'conflit' },
  'GET /api/personne-morale/:id/sites': { id: 'morale' },
  'POST /api/personne-morale/:id/sites': { id: 'morale' },
  'PATCH /api/personne-morale/:id/sites/:siteId': { id: 'morale', siteId: 'site' },
  'DELETE /api/personne-morale/:id/sites/:siteId': { id: 'morale', siteId: 'site' },
  'PATCH /api/personne-morale/:id': { id: 'morale' },
  'POST /api/personne-morale/anonymisation/:id': { id: 'morale' },
  'GET /api/fiche/morale/:id': { id: 'morale' },
  'PATCH /api/fonction/:id': { id: 'contact' },
  'DELETE /api/fonction/:id': { id: 'contact' },
  'GET /api/fiche/physique/:id': { id: 'physique' },
  'PATCH /api/personne-physique/:id': { id: 'physique' },
  'POST /api/personne-physique/anonymisation/:id': { id: 'physique' },
  'GET /api/fiche/habilitation/:id': { id: 'habilitation' },
  'POST /api/habilitation/modifie/:id': { id: 'habilitation' },
  'GET /api/habilitation/sous-profil/:id/aop/:aopId': { id: 'categorie', aopId: 'aopIgp' },
  'GET /api/habilitation/document/:personneMoraleId/:aopId/:fichierId': {
    personneMoraleId: 'morale',
    aopId: 'aopIgp',
    fichierId: 'fichierHabilitation',
  },
  'GET /api/personne-morale/odg/:id': { id: 'odg' },
  'GET /api/groupe/:id': { id: 'groupe' },
  'PUT /api/groupe/:id': { id: 'groupe' },
  'DELETE /api/groupe/:id': { id: 'groupe' },
  'GET /api/groupe/:id/membres': { id: 'groupe' },
  'GET /api/groupe/:id/membre-possible': { id: 'groupe' },
  'POST /api/groupe/:id/membre': { id: 'groupe' },
  'DELETE /api/groupe/:id/membre/:personneMoraleId': { id: 'groupe', personneMoraleId: 'morale' },
  'PATCH /api/campagne/:id': { id: 'campagne' },
  'PATCH /api/categorie/:id': { id: 'categorie' },
  'DELETE /api/categorie/:id': { id: 'categorie' },
  'PATCH /api/point-controle/:id': { id: 'pointControle' },
  'DELETE /api/point-controle/:id': { id: 'pointControle' },
  'PUT /api/point-controle/:id/aop/:aopIgpId': { id: 'pointControle', aopIgpId: 'aopIgp' },
  'PATCH /api/point-controle/systeme/groupe/:id': { id: 'groupeSysExp' },
  'DELETE /api/point-controle/systeme/groupe/:id': { id: 'groupeSysExp' },
  'PATCH /api/point-controle/systeme/point/:id': { id: 'pointSysExp' },
  'DELETE /api/point-controle/systeme/point/:id': { id: 'pointSysExp' },
  'PATCH /api/referentiel/:id': { id: 'referentiel' },
  'POST /api/referentiel/:id/document': { id: 'referentiel' },
  'GET /api/referentiel/:id/document': { id: 'referentiel' },
  'DELETE /api/referentiel/:id': { id: 'referentiel' },
  'PATCH /api/utilisateur/:id': { id: 'utilisateur' },
  'POST /api/utilisateur/:id/desactivation': { id: 'utilisateur' },
  'POST /api/utilisateur/:id/reactivation': { id: 'utilisateur' },
  'POST /api/mail/avis-de-passage/:controleId': { controleId: 'controle' },
  'POST /api/droits/:genre': { genre: 'genreDroit' },
  'DELETE /api/droits/:genre/:id': { genre: 'genreDroit', id: 'droit' },
};
