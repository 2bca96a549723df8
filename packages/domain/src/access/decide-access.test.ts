import { describe, expect, it } from 'vitest';
import type { Role, TypeDroit } from '../enums';
import { accesAutorise, decideAccess, type DecisionAcces, type EtatJeton } from './decide-access';
import { ROUTES, routeParNom, type RouteName } from './routes';

/**
 * What the spec says of each route (part 1 §2 route table and §6), written here by hand rather
 * than read from ROUTES, so that a wrong flag in the table fails these tests.
 */
type Acces = 'PUBLIC' | 'TOUS' | 'BUREAU' | 'BUREAU_ODG_REF';
const SPEC: Record<RouteName, { acces: Acces; horsLigne: boolean; path: string }> = {
  home: { acces: 'PUBLIC', horsLigne: true, path: '/' },
  login: { acces: 'PUBLIC', horsLigne: true, path: '/login' },
  restricted: { acces: 'PUBLIC', horsLigne: true, path: '/restricted' },
  noConnection: { acces: 'PUBLIC', horsLigne: true, path: '/noConnection' },
  notLoggedIn: { acces: 'PUBLIC', horsLigne: true, path: '/notLoggedIn' },
  rgpd: { acces: 'PUBLIC', horsLigne: true, path: '/rgpd' },
  mentions: { acces: 'PUBLIC', horsLigne: true, path: '/mentions' },
  tournee: { acces: 'TOUS', horsLigne: true, path: '/tournee' },
  creationTournee: { acces: 'BUREAU', horsLigne: false, path: '/tournee/creation/:id?' },
  creationRapideTournee: { acces: 'BUREAU', horsLigne: false, path: '/tournee/creation-rapide' },
  creationTourneeIno: { acces: 'TOUS', horsLigne: true, path: '/tournee/creation_ino' },
  depotExterne: { acces: 'BUREAU', horsLigne: false, path: '/tournee/externe' },
  detailTournee: { acces: 'TOUS', horsLigne: false, path: '/tournee/detail/:id?' },
  saisieControle: { acces: 'TOUS', horsLigne: true, path: '/controle/saisie' },
  recherche: { acces: 'BUREAU', horsLigne: false, path: '/recherche' },
  physique: { acces: 'BUREAU', horsLigne: false, path: '/recherche/physique/:id' },
  physiqueModification: {
    acces: 'BUREAU',
    horsLigne: false,
    path: '/recherche/physique/:id/modification',
  },
  physiqueCreation: { acces: 'BUREAU', horsLigne: false, path: '/recherche/physique/creation' },
  morale: { acces: 'BUREAU', horsLigne: false, path: '/recherche/morale/:id' },
  moraleModification: {
    acces: 'BUREAU',
    horsLigne: false,
    path: '/recherche/morale/:id/modification',
  },
  moraleCreation: { acces: 'BUREAU', horsLigne: false, path: '/recherche/morale/creation' },
  habilitationCreation: {
    acces: 'BUREAU',
    horsLigne: false,
    path: '/recherche/morale/:moraleId/habilitation/creation',
  },
  habilitationModification: {
    acces: 'BUREAU',
    horsLigne: false,
    path: '/recherche/morale/:moraleId/habilitation/modification/:aopId',
  },
  tdb: { acces: 'BUREAU', horsLigne: false, path: '/tdb' },
  tdbManquement: { acces: 'BUREAU', horsLigne: false, path: '/tdb/manquement/:id' },
  parametrage: { acces: 'BUREAU_ODG_REF', horsLigne: false, path: '/parametrage' },
};

type Profil = Role | null;
const PROFILS: Profil[] = ['ROLE_CNAOL', 'ROLE_ANIMATEUR', 'ROLE_CONTROLEUR', null];
const JETONS: EtatJeton[] = ['VALID', 'EXPIRED', 'NONE'];
const DROITS: (TypeDroit | null)[] = ['ODG', 'ODG_REFERENTE', null];

/** Does this profile pass the route's authority check (roles, then restrictOdgRef)? */
function profilAdmis(acces: Acces, profil: Profil, droit: TypeDroit | null): boolean {
  const bureau = profil === 'ROLE_CNAOL' || profil === 'ROLE_ANIMATEUR';
  switch (acces) {
    case 'PUBLIC':
      return true;
    case 'TOUS':
      return profil !== null;
    case 'BUREAU':
      return bureau;
    case 'BUREAU_ODG_REF':
      return bureau && (profil === 'ROLE_CNAOL' || droit === 'ODG');
  }
}

/** The rules of spec part 1 §6, one case at a time. */
function attendu(
  nom: RouteName,
  profil: Profil,
  online: boolean,
  jeton: EtatJeton,
  droit: TypeDroit | null,
): DecisionAcces {
  const { acces, horsLigne } = SPEC[nom];
  if (!online && !horsLigne) return jeton === 'NONE' ? 'NOT_LOGGED_IN' : 'NO_CONNECTION';
  if (acces === 'PUBLIC') return 'ALLOW';
  if (jeton === 'NONE') return online ? 'LOGIN' : 'NOT_LOGGED_IN';
  if (!profilAdmis(acces, profil, droit)) return 'RESTRICTED';
  return jeton === 'EXPIRED' ? 'EXPIRED' : 'ALLOW';
}

const CAS = ROUTES.flatMap((route) =>
  PROFILS.flatMap((profil) =>
    [true, false].flatMap((online) =>
      JETONS.flatMap((jeton) => DROITS.map((droit) => ({ route, profil, online, jeton, droit }))),
    ),
  ),
);

describe('the route table', () => {
  it('holds exactly the routes of the spec, with their paths', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(SPEC).sort());
    for (const route of ROUTES) expect(route.path).toBe(SPEC[route.name].path);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('finds a route by name', () => {
    expect(routeParNom('parametrage').restrictOdgRef).toBe(true);
  });
});

describe('decideAccess: every route × role (3 + none) × online/offline × token × active right', () => {
  it(`covers ${CAS.length} cases`, () => {
    expect(CAS.length).toBe(ROUTES.length * 4 * 2 * 3 * 3);
  });

  it.each(
    CAS.map((c) => [
      c.route.name,
      c.profil ?? 'sans rôle',
      c.online ? 'en ligne' : 'hors ligne',
      c.jeton,
      c.droit ?? 'aucun',
      attendu(c.route.name, c.profil, c.online, c.jeton, c.droit),
      c,
    ]),
  )('%s, %s, %s, jeton %s, droit %s → %s', (_n, _p, _o, _j, _d, decision, c) => {
    const ctx = {
      online: c.online,
      tokenState: c.jeton,
      roles: c.profil ? [c.profil] : [],
      droitActifType: c.droit,
    };
    expect(decideAccess(c.route, ctx)).toBe(decision);
  });
});

describe('decideAccess: the spec cases spelt out', () => {
  const controleurHorsLigne = {
    online: false,
    tokenState: 'EXPIRED' as const,
    roles: ['ROLE_CONTROLEUR' as const],
    droitActifType: 'ODG' as const,
  };
  it.each([
    ['tournee', controleurHorsLigne, 'EXPIRED'],
    ['saisieControle', controleurHorsLigne, 'EXPIRED'],
    ['creationTourneeIno', { ...controleurHorsLigne, tokenState: 'VALID' }, 'ALLOW'],
    ['recherche', controleurHorsLigne, 'NO_CONNECTION'],
    ['tournee', { ...controleurHorsLigne, tokenState: 'NONE', roles: [] }, 'NOT_LOGGED_IN'],
    ['mentions', { ...controleurHorsLigne, tokenState: 'NONE', roles: [] }, 'ALLOW'],
    ['recherche', { ...controleurHorsLigne, online: true, tokenState: 'VALID' }, 'RESTRICTED'],
    ['depotExterne', { ...controleurHorsLigne, online: true }, 'RESTRICTED'],
    [
      'parametrage',
      { online: true, tokenState: 'VALID', roles: ['ROLE_ANIMATEUR'], droitActifType: 'ODG' },
      'ALLOW',
    ],
    [
      'parametrage',
      {
        online: true,
        tokenState: 'VALID',
        roles: ['ROLE_ANIMATEUR'],
        droitActifType: 'ODG_REFERENTE',
      },
      'RESTRICTED',
    ],
    [
      'parametrage',
      { online: true, tokenState: 'VALID', roles: ['ROLE_CNAOL'], droitActifType: null },
      'ALLOW',
    ],
    ['tdb', { online: true, tokenState: 'NONE', roles: [], droitActifType: null }, 'LOGIN'],
  ] as const)('%s %j → %s', (nom, ctx, decision) => {
    expect(decideAccess(routeParNom(nom), ctx)).toBe(decision);
  });

  it('opens the page on ALLOW and EXPIRED only', () => {
    expect(
      (['ALLOW', 'EXPIRED', 'LOGIN', 'RESTRICTED', 'NO_CONNECTION', 'NOT_LOGGED_IN'] as const).map(
        accesAutorise,
      ),
    ).toEqual([true, true, false, false, false, false]);
  });
});
