import { describe, expect, it } from 'vitest';
import type { Role, TypeDroit } from '../enums';
import { decideAccess, homeRedirect, type DecisionAcces, type EtatJeton } from './decide-access';
import { ongletsTournee, ongletsVisibles, perimetreVisible } from './layout';
import { ROUTES, type RouteDef } from './routes';

const ROLES: (Role | null)[] = ['ROLE_CNAOL', 'ROLE_ANIMATEUR', 'ROLE_CONTROLEUR', null];
const ETATS: EtatJeton[] = ['VALID', 'EXPIRED', 'NONE'];

/** The expectation, written from the spec's rules independently of the implementation's order. */
function attendu(
  route: RouteDef,
  role: Role | null,
  online: boolean,
  token: EtatJeton,
  type: TypeDroit | null,
): DecisionAcces {
  const authentifie = token !== 'NONE' && role !== null;
  if (!online) {
    if (!route.allowOffline)
      return !authentifie && !route.allowUnauth ? 'NOT_LOGGED_IN' : 'NO_CONNECTION';
    if (route.allowUnauth) return 'ALLOW';
    if (!authentifie) return 'NOT_LOGGED_IN';
  } else {
    if (route.allowUnauth) return 'ALLOW';
    if (!authentifie || token === 'EXPIRED') return 'LOGIN';
  }
  const roles = role ? [role] : [];
  if (route.authorities && !route.authorities.some((r) => roles.includes(r))) return 'RESTRICTED';
  if (route.restrictOdgRef && role !== 'ROLE_CNAOL' && type !== 'ODG') return 'RESTRICTED';
  return token === 'EXPIRED' ? 'EXPIRED' : 'ALLOW';
}

const cases = ROUTES.flatMap((route) =>
  ROLES.flatMap((role) =>
    [true, false].flatMap((online) =>
      ETATS.flatMap((token) =>
        (['ODG', 'ODG_REFERENTE'] as const).map((type) => ({ route, role, online, token, type })),
      ),
    ),
  ),
);

describe('decideAccess over every route × role × online/offline × token state × right type', () => {
  it.each(
    cases.map(
      (c) =>
        [
          c.route.name,
          c.role ?? 'anonyme',
          c.online ? 'en ligne' : 'hors ligne',
          c.token,
          c.type,
          c,
        ] as const,
    ),
  )('%s, %s, %s, token %s, droit %s', (_n, _r, _o, _t, _d, c) => {
    const roles = c.role && c.token !== 'NONE' ? [c.role] : [];
    const tokenState = c.role === null ? 'NONE' : c.token;
    expect(
      decideAccess(c.route, { online: c.online, tokenState, roles, droitActifType: c.type }),
    ).toBe(attendu(c.route, c.role, c.online, tokenState, c.type));
  });

  it('lets a controller open Mes tournées and the control entry offline, but not the directory', () => {
    const ctx = {
      online: false,
      tokenState: 'EXPIRED' as const,
      roles: ['ROLE_CONTROLEUR' as const],
      droitActifType: 'ODG' as const,
    };
    const route = (name: string) => ROUTES.find((r) => r.name === name)!;
    expect(decideAccess(route('tournee'), ctx)).toBe('EXPIRED');
    expect(decideAccess(route('saisieControle'), ctx)).toBe('EXPIRED');
    expect(decideAccess(route('recherche'), ctx)).toBe('NO_CONNECTION');
    expect(decideAccess(route('recherche'), { ...ctx, online: true, tokenState: 'VALID' })).toBe(
      'RESTRICTED',
    );
  });
});

describe('homeRedirect', () => {
  it.each([
    [false, true, ['ROLE_CNAOL'], '/tournee'],
    [false, false, [], '/notLoggedIn'],
    [true, true, ['ROLE_CNAOL'], '/recherche'],
    [true, true, ['ROLE_ANIMATEUR'], '/recherche'],
    [true, true, ['ROLE_CONTROLEUR'], '/tournee'],
    [true, false, [], '/login'],
    [true, true, [], '/login'],
  ] as const)(
    'online %s, authenticated %s, roles %j → %s',
    (online, authenticated, roles, expected) => {
      expect(homeRedirect({ online, authenticated, roles })).toBe(expected);
    },
  );
});

describe('layout', () => {
  it('shows each role the tabs it may open', () => {
    const libelles = (roles: Role[], type: TypeDroit | null) =>
      ongletsVisibles(roles, type).map((o) => o.libelle);
    expect(libelles(['ROLE_CNAOL'], null)).toEqual([
      'Tournée',
      'Annuaire',
      'Tableau de bord',
      'Paramétrage',
    ]);
    expect(libelles(['ROLE_ANIMATEUR'], 'ODG')).toEqual([
      'Tournée',
      'Annuaire',
      'Tableau de bord',
      'Paramétrage',
    ]);
    expect(libelles(['ROLE_ANIMATEUR'], 'ODG_REFERENTE')).toEqual([
      'Tournée',
      'Annuaire',
      'Tableau de bord',
    ]);
    expect(libelles(['ROLE_CONTROLEUR'], 'ODG')).toEqual(['Tournée']);
  });

  it('gives the Tournée page tabs by role', () => {
    expect(ongletsTournee(['ROLE_ANIMATEUR'])).toEqual(['mesTournees', 'programmation']);
    expect(ongletsTournee(['ROLE_CNAOL'])).toEqual(['programmation']);
    expect(ongletsTournee(['ROLE_CONTROLEUR'])).toEqual(['mesTournees']);
  });

  it('shows the perimeter selector to CNAOL only, not on parametrage, deposit, creation or parameterised routes', () => {
    expect(perimetreVisible(['ROLE_CNAOL'], 'recherche', false)).toBe(true);
    expect(perimetreVisible(['ROLE_ANIMATEUR'], 'recherche', false)).toBe(false);
    for (const route of [
      'parametrage',
      'depotExterne',
      'creationTournee',
      'creationTourneeIno',
    ] as const) {
      expect(perimetreVisible(['ROLE_CNAOL'], route, false)).toBe(false);
    }
    expect(perimetreVisible(['ROLE_CNAOL'], 'morale', true)).toBe(false);
  });
});
