import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Principal } from '@estive/contracts';
import { ouvrirBase } from './db';
import { lirePrincipalStocke } from './principalStocke';
import { ecrireMeta, META } from './sync/meta';

const principal: Principal = {
  uuid: 'u1',
  login: 'controleur@estive.test',
  nom: 'Martin\u0000',
  prenom: 'Élodie \uD800',
  mail: 'controleur@estive.test',
  telephone: null,
  roles: ['ROLE_CONTROLEUR'],
  droits: [
    { id: '10', type: 'ODG', siret: null, raisonSociale: 'Comté', odgId: '1', hasLogo: false },
  ],
  extranetEnabled: false,
  motDePasseTemporaire: false,
  parametrage: { tdbControles: true, tdbManquements: false, tdbSuiviOperateurs: true },
};

const noms: string[] = [];
const nom = (n: string) => {
  noms.push(n);
  return n;
};
afterEach(async () => {
  for (const n of noms.splice(0)) await ouvrirBase(n).delete();
});

describe('stored principal read without Dexie', () => {
  it('reads what Dexie wrote, as written', async () => {
    const base = ouvrirBase(nom('estive-lu'));
    await ecrireMeta(base, META.principal, principal);
    base.close();
    expect(await lirePrincipalStocke('estive-lu')).toEqual(principal);
  });

  it('no database yet: undefined, and none is created, so that Dexie creates its tables later', async () => {
    expect(await lirePrincipalStocke(nom('estive-absente'))).toBeUndefined();
    const bases = await indexedDB.databases();
    expect(bases.map((b) => b.name)).not.toContain('estive-absente');
    const base = ouvrirBase('estive-absente');
    await ecrireMeta(base, META.principal, principal);
    expect(await lirePrincipalStocke('estive-absente')).toEqual(principal);
    base.close();
  });

  it('a database without the principal (never signed in, or logged out): undefined', async () => {
    const base = ouvrirBase(nom('estive-vide'));
    await ecrireMeta(base, META.utilisateur, 'u1');
    base.close();
    expect(await lirePrincipalStocke('estive-vide')).toBeUndefined();
  });

  it('a Dexie connection left open does not block the read', async () => {
    const base = ouvrirBase(nom('estive-ouverte'));
    await ecrireMeta(base, META.principal, principal);
    expect(await lirePrincipalStocke('estive-ouverte')).toEqual(principal);
    base.close();
  });
});
