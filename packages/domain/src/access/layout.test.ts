import { describe, expect, it } from 'vitest';
import type { Role } from '../enums';
import { homeRedirect } from './decide-access';
import { ongletsTournee, ongletsVisibles, perimetreVisible } from './layout';
import { ROUTES } from './routes';

describe("homeRedirect (spec part 1 §2 'Home redirect')", () => {
  it.each([
    [false, true, ['ROLE_CNAOL'], '/tournee'],
    [false, true, ['ROLE_CONTROLEUR'], '/tournee'],
    [false, false, [], '/notLoggedIn'],
    [true, true, ['ROLE_CNAOL'], '/recherche'],
    [true, true, ['ROLE_ANIMATEUR'], '/recherche'],
    [true, true, ['ROLE_ANIMATEUR', 'ROLE_CONTROLEUR'], '/recherche'],
    [true, true, ['ROLE_CONTROLEUR'], '/tournee'],
    [true, false, [], '/login'],
    [true, true, [], '/login'],
  ] as const)('online %s, authenticated %s, roles %j → %s', (online, authenticated, roles, to) => {
    expect(homeRedirect({ online, authenticated, roles })).toBe(to);
  });
});

describe('main-layout tabs', () => {
  it.each([
    [['ROLE_CNAOL'], null, ['Tournée', 'Annuaire', 'Tableau de bord', 'Paramétrage']],
    [['ROLE_CNAOL'], 'ODG_REFERENTE', ['Tournée', 'Annuaire', 'Tableau de bord', 'Paramétrage']],
    [['ROLE_ANIMATEUR'], 'ODG', ['Tournée', 'Annuaire', 'Tableau de bord', 'Paramétrage']],
    [['ROLE_ANIMATEUR'], 'ODG_REFERENTE', ['Tournée', 'Annuaire', 'Tableau de bord']],
    [['ROLE_ANIMATEUR'], null, ['Tournée', 'Annuaire', 'Tableau de bord']],
    [['ROLE_CONTROLEUR'], 'ODG', ['Tournée']],
    [[], 'ODG', []],
  ] as const)('roles %j, right %s → %j', (roles, droit, libelles) => {
    expect(ongletsVisibles(roles, droit).map((o) => o.libelle)).toEqual(libelles);
  });

  it('points each tab to its route path', () => {
    for (const o of ongletsVisibles(['ROLE_CNAOL'], null)) {
      expect(ROUTES.find((r) => r.name === o.route)?.path).toBe(o.path);
    }
  });

  it.each([
    [['ROLE_ANIMATEUR'], ['mesTournees', 'programmation']],
    [['ROLE_CNAOL'], ['programmation']],
    [['ROLE_CONTROLEUR'], ['mesTournees']],
    [[], ['mesTournees']],
  ] as const)('Tournée page tabs for %j → %j', (roles: readonly Role[], onglets) => {
    expect(ongletsTournee(roles)).toEqual(onglets);
  });
});

describe('perimeter selector', () => {
  const cnaol: Role[] = ['ROLE_CNAOL'];
  it.each([
    [cnaol, 'recherche', false, true],
    [cnaol, 'tournee', false, true],
    [cnaol, 'tdb', false, true],
    [cnaol, undefined, false, true],
    [['ROLE_ANIMATEUR'], 'recherche', false, false],
    [['ROLE_CONTROLEUR'], 'tournee', false, false],
    [cnaol, 'parametrage', false, false],
    [cnaol, 'depotExterne', false, false],
    [cnaol, 'creationTournee', false, false],
    [cnaol, 'creationTourneeIno', false, false],
    [cnaol, 'moraleCreation', false, false],
    [cnaol, 'physiqueCreation', false, false],
    [cnaol, 'habilitationCreation', true, false],
    [cnaol, 'morale', true, false],
    [cnaol, 'detailTournee', true, false],
  ] as const)('roles %j on %s (parameters %s) → %s', (roles, route, params, visible) => {
    expect(perimetreVisible(roles, route, params)).toBe(visible);
  });

  it('hides it on every creation path', () => {
    for (const r of ROUTES.filter((r) => r.path.includes('creation'))) {
      expect(perimetreVisible(['ROLE_CNAOL'], r.name, false)).toBe(false);
    }
  });
});
