import { randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  MESSAGES_COMPTES,
  ROLES,
  ROLES_BUREAU,
  reglesNonRespectees,
  type Role,
} from '@estive/domain';
import {
  utilisateurCreationSchema,
  type ChangementMotDePasse,
  type ImportComptesReponse,
  type UtilisateurCreation,
  type UtilisateurLigne,
  type UtilisateurModification,
} from '@estive/contracts';
import { hasRole, requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { hashPassword } from '../auth/auth.service';
import type { MailService } from '../mail/mail.service';
import type { ComptesRepository, LigneCompte, Portee } from './comptes.repository';
import { lireFichierComptes, normaliser, type LigneFichier } from './import-fichier';

function portee(acteur: Acteur): Portee {
  requireParametrage(acteur);
  return {
    odgId: requirePerimetre(acteur),
    cnaol: hasRole(acteur, 'ROLE_CNAOL'),
    utilisateurId: acteur.utilisateurId,
  };
}

/** An ANIMATEUR gives only rights on its own ODG, and never the national body's role. */
function verifierAttribution(p: Portee, role: Role | undefined, odgIds: number[] | undefined) {
  if (p.cnaol) return;
  if (role === 'ROLE_CNAOL') throw forbidden('Seul le CNAOL peut créer un compte CNAOL');
  if (odgIds?.some((id) => id !== p.odgId)) {
    throw forbidden('Vous ne pouvez donner des droits que sur votre ODG');
  }
}

const enLigne = (c: LigneCompte): UtilisateurLigne => ({
  id: String(c.id),
  mail: c.mail,
  nom: c.nom,
  prenom: c.prenom,
  role: c.roles[0] ?? 'ROLE_CONTROLEUR',
  actif: c.actif,
  motDePasseTemporaire: c.motDePasseTemporaire,
  droits: c.droits.map((d) => ({
    id: String(d.id),
    odgId: String(d.odgId),
    raisonSociale: d.raisonSociale,
  })),
});

/** A temporary password that meets the rules: 4 groups of 4 from an unambiguous alphabet. */
export function motDePasseTemporaire(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const groupes = Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
    );
    const mdp = `${groupes.join('-')}!`;
    if (reglesNonRespectees(mdp).length === 0) return mdp;
  }
}

const ROLE_IMPORT: Record<string, Role> = {
  cnaol: 'ROLE_CNAOL',
  animateur: 'ROLE_ANIMATEUR',
  animatrice: 'ROLE_ANIMATEUR',
  controleur: 'ROLE_CONTROLEUR',
  controleuse: 'ROLE_CONTROLEUR',
  ...Object.fromEntries(ROLES.map((r) => [r.toLowerCase(), r])),
};

export function createComptesService(
  repository: ComptesRepository,
  mail: MailService,
  publicUrl: string | undefined,
) {
  async function odgsValides(p: Portee, odgIds: number[], champ = 'odgIds') {
    const trouves = await repository.odgsExistants(odgIds);
    if (trouves.length !== new Set(odgIds).size) {
      throw invalid(
        'Veuillez vérifier votre saisie',
        [],
        [{ field: champ, defaultMessage: 'ODG inconnu' }],
      );
    }
    verifierAttribution(p, undefined, odgIds);
  }

  async function inviter(c: { mail: string; prenom: string; nom: string; motDePasse: string }) {
    return mail.invitation({
      a: c.mail,
      prenom: c.prenom,
      nom: c.nom,
      motDePasse: c.motDePasse,
      url: publicUrl,
    });
  }

  return {
    async lister(
      acteur: Acteur,
      f: { recherche?: string; actif?: boolean; page: number; size: number },
    ) {
      const p = portee(acteur);
      const { lignes, total } = await repository.lister(p, f);
      return {
        content: lignes.map(enLigne),
        totalElements: total,
        totalPages: Math.ceil(total / f.size),
        number: f.page,
        size: f.size,
      };
    },

    async creer(acteur: Acteur, c: UtilisateurCreation) {
      const p = portee(acteur);
      const odgIds = [...new Set(c.odgIds.map(Number))];
      verifierAttribution(p, c.role, odgIds);
      await odgsValides(p, odgIds);
      const motDePasse = c.motDePasse ?? motDePasseTemporaire();
      const passwordHash = await hashPassword(motDePasse);
      const id = await repository.transaction(async (tx) => {
        if ((await repository.mailsExistants([c.mail], tx)).size > 0) {
          throw conflict(MESSAGES_COMPTES.mailExistant);
        }
        return repository.creer(tx, { ...c, odgIds, passwordHash });
      });
      const envoi = await inviter({ ...c, motDePasse });
      return { id: String(id), invitation: envoi };
    },

    async modifier(acteur: Acteur, id: number, m: UtilisateurModification) {
      const p = portee(acteur);
      const odgIds = m.odgIds && [...new Set(m.odgIds.map(Number))];
      verifierAttribution(p, m.role, odgIds);
      if (odgIds) await odgsValides(p, odgIds);
      await repository.transaction(async (tx) => {
        const compte = await repository.trouverModifiable(p, id, tx);
        if (!compte) throw notFound('Compte introuvable');
        if (id === acteur.utilisateurId && (m.role || odgIds)) {
          throw conflict('Vous ne pouvez pas modifier votre propre rôle ni vos propres droits');
        }
        await repository.modifier(tx, compte, { ...m, odgIds });
      });
    },

    /** Deactivation revokes every session of the account at once (its refresh tokens). */
    async definirActif(acteur: Acteur, id: number, actif: boolean) {
      const p = portee(acteur);
      if (id === acteur.utilisateurId) throw conflict(MESSAGES_COMPTES.desactivationSoiMeme);
      await repository.transaction(async (tx) => {
        const compte = await repository.trouverModifiable(p, id, tx);
        if (!compte) throw notFound('Compte introuvable');
        await repository.definirActif(tx, id, actif);
      });
    },

    /** `/api/droits/morale` (office accounts) and `/api/droits/controlleur` (controllers). */
    async ajouterDroit(acteur: Acteur, genre: 'morale' | 'controlleur', utilisateurId: number) {
      const p = portee(acteur);
      return repository.transaction(async (tx) => {
        // The national body reaches any account; an ANIMATEUR only those of its ODG.
        const compte = p.cnaol
          ? await repository.trouverParId(tx, utilisateurId)
          : await repository.trouverModifiable(p, utilisateurId, tx);
        if (!compte) throw notFound('Compte introuvable');
        verifierGenre(genre, compte.roles);
        return { id: String(await repository.ajouterDroit(tx, utilisateurId, p.odgId)) };
      });
    },

    async retirerDroit(acteur: Acteur, genre: 'morale' | 'controlleur', droitId: number) {
      const p = portee(acteur);
      await repository.transaction(async (tx) => {
        const droit = await repository.trouverDroit(tx, p, droitId);
        if (!droit) throw notFound('Droit introuvable');
        const compte = await repository.trouverModifiable(p, droit.utilisateurId, tx);
        if (!compte) throw notFound('Droit introuvable');
        if (droit.utilisateurId === acteur.utilisateurId) {
          throw conflict('Vous ne pouvez pas retirer vos propres droits');
        }
        verifierGenre(genre, compte.roles);
        if (droit.restants <= 1) throw conflict('Le compte doit garder au moins un droit');
        await repository.supprimerDroit(tx, droitId);
      });
    },

    /** Mass creation: every line judged first; written only when none is wrong (all or nothing). */
    async importer(
      acteur: Acteur,
      contenu: Buffer,
      simulation: boolean,
    ): Promise<ImportComptesReponse> {
      const p = portee(acteur);
      const lignes = await lireFichierComptes(contenu);
      const { comptes, erreurs } = await jugerLignes(p, lignes);
      const reponse = { simulation, lignes: lignes.length, erreurs, crees: 0 };
      const publics = comptes.map((c) => ({
        ligne: c.ligne,
        mail: c.mail,
        nom: c.nom,
        prenom: c.prenom,
        role: c.role,
        odgs: c.odgs,
      }));
      if (simulation || erreurs.length > 0) return { ...reponse, comptes: publics };
      const prets = await Promise.all(
        comptes.map(async (c) => {
          const motDePasse = c.motDePasse ?? motDePasseTemporaire();
          return { ...c, motDePasse, passwordHash: await hashPassword(motDePasse) };
        }),
      );
      await repository.transaction(async (tx) => {
        const deja = await repository.mailsExistants(
          prets.map((c) => c.mail),
          tx,
        );
        if (deja.size > 0)
          throw conflict(`${MESSAGES_COMPTES.mailExistant} : ${[...deja].join(', ')}`);
        for (const c of prets) await repository.creer(tx, { ...c, odgIds: c.odgIds.map(Number) });
      });
      for (const c of prets) await inviter(c);
      return { ...reponse, comptes: publics, crees: prets.length };
    },

    /** The user's own password; the only call a temporary password allows besides the principal. */
    async changerMotDePasse(acteur: Acteur, c: ChangementMotDePasse) {
      const hash = await repository.motDePasse(acteur.utilisateurId);
      if (!hash || !(await verify(hash, c.actuel))) {
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'actuel', defaultMessage: MESSAGES_COMPTES.motDePasseActuelFaux }],
        );
      }
      if (c.actuel === c.nouveau) {
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: 'nouveau', defaultMessage: MESSAGES_COMPTES.motDePasseIdentique }],
        );
      }
      await repository.changerMotDePasse(acteur.utilisateurId, await hashPassword(c.nouveau));
    },
  };

  async function jugerLignes(p: Portee, lignes: LigneFichier[]) {
    const odgs = await repository.listerOdgs();
    const parCle = new Map<string, (typeof odgs)[number]>();
    for (const o of odgs) {
      parCle.set(normaliser(o.raisonSociale), o);
      if (o.siret) parCle.set(o.siret, o);
    }
    const erreurs: ImportComptesReponse['erreurs'] = [];
    const comptes: (UtilisateurCreation & { ligne: number; odgIds: string[]; odgs: string[] })[] =
      [];
    const vus = new Map<string, number>();
    const existants = await repository.mailsExistants(
      lignes.map((l) => (l.valeurs.mail ?? '').toLowerCase()),
    );
    for (const { ligne, valeurs: v } of lignes) {
      const avant = erreurs.length;
      const erreur = (champ: string | null, message: string) =>
        erreurs.push({ ligne, champ, message });
      const role = ROLE_IMPORT[normaliser(v.role ?? '')];
      if (v.role && !role)
        erreur('role', `Rôle inconnu « ${v.role} » (CNAOL, ANIMATEUR ou CONTROLEUR)`);
      const trouves = (v.odg ?? '')
        .split('|')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((cle) => {
          const o = parCle.get(cle.replace(/\s/g, '')) ?? parCle.get(normaliser(cle));
          if (!o) erreur('odg', `ODG inconnu « ${cle} »`);
          return o;
        })
        .filter((o) => o !== undefined);
      const lu = utilisateurCreationSchema.safeParse({
        mail: v.mail ?? '',
        nom: v.nom ?? '',
        prenom: v.prenom ?? '',
        role: role ?? 'ROLE_CONTROLEUR',
        odgIds: v.odg ? trouves.map((o) => String(o.id)) : [],
        motDePasse: v.motDePasse ? v.motDePasse : undefined,
      });
      if (!lu.success) {
        for (const i of lu.error.issues) {
          const champ = String(i.path[0] ?? '');
          if (champ === 'odgIds' && v.odg) continue;
          erreur(champ === 'odgIds' ? 'odg' : champ, i.message);
        }
      }
      if (!p.cnaol && role === 'ROLE_CNAOL')
        erreur('role', 'Seul le CNAOL peut créer un compte CNAOL');
      if (!p.cnaol && trouves.some((o) => o.id !== p.odgId)) {
        erreur('odg', 'Vous ne pouvez donner des droits que sur votre ODG');
      }
      const mailLu = lu.success ? lu.data.mail : (v.mail ?? '').toLowerCase();
      if (mailLu && existants.has(mailLu)) erreur('mail', MESSAGES_COMPTES.mailExistant);
      const premiere = vus.get(mailLu);
      if (mailLu && premiere !== undefined)
        erreur('mail', `Email déjà présent ligne ${String(premiere)}`);
      else if (mailLu) vus.set(mailLu, ligne);
      if (lu.success && erreurs.length === avant) {
        comptes.push({ ...lu.data, ligne, odgs: trouves.map((o) => o.raisonSociale) });
      }
    }
    return { comptes, erreurs };
  }
}

function verifierGenre(genre: 'morale' | 'controlleur', roles: Role[]) {
  const bureau = roles.some((r) => ROLES_BUREAU.some((b) => b === r));
  if (genre === 'controlleur' && bureau) {
    throw invalid("Ce compte n'est pas celui d'un contrôleur : utilisez /api/droits/morale");
  }
  if (genre === 'morale' && !bureau) {
    throw invalid('Ce compte est celui d’un contrôleur : utilisez /api/droits/controlleur');
  }
}
export type ComptesService = ReturnType<typeof createComptesService>;
