import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIBELLES_TOURNEE } from '@estive/domain';
import { api, ApiError } from '../../../lib/api';
import { rendre } from '../../../test/rendu';
import { seConnecter } from '../../../test/serveur';
import { lireInformations } from '../api';
import type { InformationsOperateur } from '../types';
import { CarteOperateur } from './CarteOperateur';
import { erreursDeCarte, nouvelleCarte, versPayload, type CarteControle } from './cartes';

/**
 * The round card of step 2 as the animateur meets it (issue 32 items 4–6), with a real operator
 * of the basket and the real server's answers: a validated card's deletion is asked first; a
 * draft missing its level says 'Incomplet'; the server's campaign refusal lands under the card's
 * date; a draft read back holds only its labels' ids and still shows their names.
 */
let operateur: {
  personneMoraleId: string;
  raisonSociale: string;
  codePostal: string | null;
  ville: string | null;
};
let informations: InformationsOperateur;
let controleurId: string;
beforeAll(async () => {
  await seConnecter('animateur@estive.test', { droit: 'Comté' });
  const panier = await api('GET /api/panier', { query: { page: 0, size: 50 } });
  const infos = await lireInformations(panier.content.map((l) => l.personneMoraleId));
  const ligne = panier.content.find((l) => {
    const i = infos[l.personneMoraleId];
    return !!i && i.sites.length > 0 && i.appellations.some((a) => a.activites.length > 0);
  });
  if (!ligne) throw new Error('la démo a un opérateur au panier avec site et activité');
  operateur = ligne;
  informations = infos[ligne.personneMoraleId]!;
  const controleurs = await api('GET /api/personne-physique/controleur', {
    query: { page: 0, size: 10 },
  });
  controleurId = controleurs.content[0]!.id;
});

function carte(change: Partial<CarteControle> = {}): CarteControle {
  return { ...nouvelleCarte(operateur, informations), ...change };
}

function afficher(c: CarteControle, erreurs?: Record<string, string>) {
  const supprimer = vi.fn();
  const rendu = rendre(
    <CarteOperateur
      carte={c}
      informations={informations}
      erreurs={erreurs}
      modifier={() => undefined}
      supprimer={supprimer}
      versPanier={() => undefined}
      editer={() => undefined}
      occupee={false}
    />,
  );
  return { ...rendu, supprimer };
}

describe('CarteOperateur', () => {
  it("asks before deleting a validated card's controls; Annuler keeps them", async () => {
    const { utilisateur, supprimer } = afficher(carte({ valide: true, controleIds: ['1'] }));
    const bouton = await screen.findByRole('button', {
      name: `Supprimer le contrôle de ${operateur.raisonSociale}`,
    });
    await utilisateur.click(bouton);
    const dialogue = await screen.findByRole('dialog', { name: 'Supprimer les contrôles' });
    expect(dialogue).toHaveTextContent(
      `Les contrôles validés de ${operateur.raisonSociale} seront supprimés de la tournée.`,
    );
    await utilisateur.click(within(dialogue).getByRole('button', { name: 'Annuler' }));
    expect(supprimer).not.toHaveBeenCalled();
    await utilisateur.click(bouton);
    await utilisateur.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(supprimer).toHaveBeenCalledTimes(1);
  });

  it("a draft without its level is 'Incomplet' and goes at once (nothing on the server yet)", async () => {
    const { utilisateur, supprimer } = afficher(carte({ jour: '2026-06-02' }));
    expect(await screen.findByText('Incomplet')).toBeVisible();
    expect(screen.getByText(LIBELLES_TOURNEE.aFaire)).toBeVisible();
    await utilisateur.click(
      screen.getByRole('button', { name: `Supprimer le contrôle de ${operateur.raisonSociale}` }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(supprimer).toHaveBeenCalledTimes(1);
  });

  it("shows the server's campaign refusal under the card's date", async () => {
    const campagne = (await api('GET /api/campagne')).find((k) => k.courante)!;
    const annee = campagne.debut.slice(0, 4);
    const { id } = await api('POST /api/tournee/initialise', { corps: { controleurId } });
    const complete = (jour: string) =>
      carte({
        jour,
        appellations: carte().appellations.map((a) => ({ ...a, niveau: 'SUP_TERRAIN' })),
      });
    // The round's first control, in the current campaign (a Tuesday to Saturday of June).
    const premier = ['02', '03', '04'].find((j) => new Date(`${annee}-06-${j}`).getUTCDay() !== 0)!;
    await api('POST /api/tournee/{id}/ajoute', {
      params: { id },
      corps: versPayload(complete(`${annee}-06-${premier}`)),
    });
    const refus = await api('POST /api/tournee/{id}/ajoute', {
      params: { id },
      corps: versPayload(complete('2099-06-02')),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    if (!(refus instanceof ApiError)) throw new Error('2099 doit être refusé');
    const erreurs = erreursDeCarte(refus.corps?.fieldErrors ?? []);
    afficher(complete('2099-06-02'), erreurs);
    expect(
      await screen.findByText(
        `La date doit être dans la campagne ${campagne.libelle} (du 01/01/${annee} au 31/12/${annee})`,
      ),
    ).toBeVisible();
  });

  it("a draft read back with only its labels' ids shows their names", async () => {
    const a = informations.appellations[0]!;
    const { utilisateur } = afficher(
      carte({
        appellations: carte().appellations.map((x) => ({ ...x, libelle: x.aopId })),
      }),
    );
    await utilisateur.click(
      await screen.findByRole('button', { name: `Déplier ${operateur.raisonSociale}` }),
    );
    expect(
      await screen.findByRole('group', {
        name: `Appellation ${a.aopIgp.libelle} de ${operateur.raisonSociale}`,
      }),
    ).toBeVisible();
  });
});
