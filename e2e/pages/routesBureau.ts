import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SessionApi } from './Synchro';
import { COMPTES } from './comptes';

/**
 * Every office route of the route table (packages/domain/src/access/routes.ts, authorities
 * BUREAU, plus the round list the office opens too), with its tabs, as the animateur reaches them:
 * the ids come from the demo data through the API (a control's operator and label, a shortcoming,
 * a natural person, a round), never from another spec's writes.
 */
export interface RouteBureau {
  nom: string;
  chemin: string;
  /** The heading the user sees once the page has drawn (any heading of the page when absent). */
  titre?: RegExp | string;
  /** A tab the page keeps in its own state (the directory's): clicked once the page is drawn. */
  onglet?: string;
}

async function premier<T>(session: SessionApi, chemin: string): Promise<T> {
  const reponse = await session.request.get(chemin, { headers: session.headers });
  expect(reponse.status(), chemin).toBe(200);
  const { content } = (await reponse.json()) as { content: T[] };
  const [ligne] = content;
  if (!ligne) throw new Error(`${chemin} : aucune ligne dans les données de démonstration`);
  return ligne;
}

export async function routesBureau(request: APIRequestContext): Promise<RouteBureau[]> {
  const session = await SessionApi.ouvrir(request, COMPTES.animateur.login);
  const controle = await premier<{ personneMoraleId: string; aopIgpId: string }>(
    session,
    '/api/tdb/controle?size=1',
  );
  const manquement = await premier<{ id: string }>(session, '/api/tdb/manquement?size=1');
  const physique = await premier<{ id: string }>(
    session,
    '/api/personne-physique?size=1&type=PERSONNE',
  );
  const tournee = await premier<{ id: string }>(session, '/api/tournee?size=1');
  const morale = `/recherche/morale/${controle.personneMoraleId}`;
  const physiqueChemin = `/recherche/physique/${physique.id}`;
  const tdb = ['controles', 'manquements', 'suivi', 'pression', 'conflits'];
  const parametrage = ['campagnes', 'grille', 'documents', 'modeles', 'comptes', 'taches'];
  const recherche = ['Personnes morales', 'Personnes physiques', 'Habilitations', 'Groupes'];
  return [
    // The round page has no heading: its two tabs are what the user sees first.
    ...['Mes tournées', 'Programmation des tournées'].map((o) => ({
      nom: `tournee-${o.toLowerCase().replaceAll(' ', '-')}`,
      chemin: '/tournee',
      onglet: o,
    })),
    { nom: 'creation-tournee', chemin: '/tournee/creation', titre: 'Tournée - Création' },
    {
      nom: 'creation-tournee-rapide',
      chemin: '/tournee/creation-rapide',
      titre: 'Tournée - Création rapide',
    },
    { nom: 'detail-tournee', chemin: `/tournee/detail/${tournee.id}`, titre: 'Tournée - Détail' },
    { nom: 'depot-externe', chemin: '/tournee/externe', titre: 'Dépôt contrôle externe' },
    ...recherche.map((o) => ({
      nom: `annuaire-${o.toLowerCase().replaceAll(' ', '-')}`,
      chemin: '/recherche',
      titre: 'Annuaire',
      onglet: o,
    })),
    { nom: 'fiche-morale', chemin: morale },
    { nom: 'modification-morale', chemin: `${morale}/modification` },
    { nom: 'creation-morale', chemin: '/recherche/morale/creation' },
    { nom: 'creation-habilitation', chemin: `${morale}/habilitation/creation` },
    {
      nom: 'modification-habilitation',
      chemin: `${morale}/habilitation/modification/${controle.aopIgpId}`,
    },
    { nom: 'fiche-physique', chemin: physiqueChemin },
    { nom: 'modification-physique', chemin: `${physiqueChemin}/modification` },
    { nom: 'creation-physique', chemin: '/recherche/physique/creation' },
    ...tdb.map((o) => ({ nom: `tdb-${o}`, chemin: `/tdb?onglet=${o}`, titre: 'Tableau de bord' })),
    { nom: 'tdb-manquement', chemin: `/tdb/manquement/${manquement.id}` },
    ...parametrage.map((o) => ({
      nom: `parametrage-${o}`,
      chemin: `/parametrage?onglet=${o}`,
      titre: 'Paramétrage',
    })),
  ];
}

/**
 * Opens a route and waits until it has drawn: its heading shown and no loader left (the first
 * page after signing in renders while the service worker precaches the app).
 */
export async function ouvrirRoute(page: Page, route: RouteBureau): Promise<void> {
  await page.goto(route.chemin);
  const principal = page.getByRole('main');
  const titre = route.titre
    ? principal.getByRole('heading', { name: route.titre })
    : route.onglet
      ? principal.getByRole('tab', { name: route.onglet })
      : principal.getByRole('heading');
  await expect(titre.first()).toBeVisible({ timeout: 45_000 });
  if (route.onglet) await principal.getByRole('tab', { name: route.onglet }).click();
  // Exact: the grid's category 'Surfaces et chargement' also holds the word.
  await expect(page.getByLabel('Chargement', { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** The office areas, so that a spec can take one per test (about thirty pages are minutes). */
export const GROUPES_BUREAU = {
  tournees: /^(tournee|creation-tournee|detail-tournee|depot-externe)/,
  annuaire: /^(annuaire|fiche|modification|creation-(morale|physique|habilitation))/,
  'tableau de bord': /^tdb/,
  paramétrage: /^parametrage/,
} as const;
