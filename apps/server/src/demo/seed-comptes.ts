import { at, type Role } from '@estive/domain';
import type { Transaction } from '../db/client';
import * as t from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';
import type { ReferentielIds } from './seed-referentiel';
import { obtenir } from './obtenir';
import { uneLigne } from '../db/une-ligne';

export const MOT_DE_PASSE_DEMO = 'estive';

interface CompteDemo {
  login: string;
  prenom: string;
  nom: string;
  roles: Role[];
  /** ODG keys of the user's rights, in order (the first is the default active right). */
  droits: string[] | 'tous';
  extranet?: boolean;
}

export const COMPTES_DEMO: CompteDemo[] = [
  {
    login: 'cnaol@estive.test',
    prenom: 'Hélène',
    nom: 'Marchand',
    roles: ['ROLE_CNAOL'],
    droits: 'tous',
  },
  {
    login: 'animateur@estive.test',
    prenom: 'Julien',
    nom: 'Roussel',
    roles: ['ROLE_ANIMATEUR'],
    droits: ['comte', 'auvergne'],
  },
  {
    login: 'controleur@estive.test',
    prenom: 'Claire',
    nom: 'Vuillet',
    roles: ['ROLE_CONTROLEUR'],
    droits: ['comte'],
    extranet: true,
  },
  {
    login: 'controleur2@estive.test',
    prenom: 'Marc',
    nom: 'Jeanningros',
    roles: ['ROLE_CONTROLEUR'],
    droits: ['comte'],
  },
  {
    login: 'controleur.auvergne@estive.test',
    prenom: 'Sandrine',
    nom: 'Chabrol',
    roles: ['ROLE_CONTROLEUR'],
    droits: ['auvergne'],
  },
];

/** Demo accounts (password `estive`), seeded only as demo data. Returns user ids by login. */
export async function seedComptes(
  tx: Transaction,
  refs: ReferentielIds,
): Promise<Map<string, number>> {
  const passwordHash = await hashPassword(MOT_DE_PASSE_DEMO);
  const ids = new Map<string, number>();
  for (const compte of COMPTES_DEMO) {
    const odgs = compte.droits === 'tous' ? [...refs.odg.keys()] : compte.droits;
    const personne = uneLigne(
      await tx
        .insert(t.personnePhysique)
        .values({
          nom: compte.nom,
          prenom: compte.prenom,
          mail: compte.login,
          telephone: '0381000000',
          organismeId: obtenir(refs.odg, at(odgs, 0), 'ODG'),
        })
        .returning({ id: t.personnePhysique.id }),
    );
    const user = uneLigne(
      await tx
        .insert(t.utilisateur)
        .values({
          login: compte.login,
          passwordHash,
          roles: compte.roles,
          personnePhysiqueId: personne.id,
          extranetEnabled: compte.extranet ?? false,
        })
        .returning({ id: t.utilisateur.id }),
    );
    for (const cle of odgs)
      await tx
        .insert(t.droit)
        .values({ utilisateurId: user.id, organismeId: obtenir(refs.odg, cle, 'ODG') });
    ids.set(compte.login, user.id);
  }
  return ids;
}
