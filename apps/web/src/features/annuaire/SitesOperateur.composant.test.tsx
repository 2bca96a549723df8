import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import FicheMoralePage from './FicheMoralePage';

/**
 * The site form of the operator's fiche (issue 32 item 2, "Must show: site"), submitted to the
 * real server as the Comté's animateur: required label, postcode → communes, coordinates read
 * and bounded, the server's field messages, a site's correction and deletion.
 */
let numero = 0;
/** An operator of Comté habilitated on its first label, made for this test; its label's name. */
async function operateurHabilite(): Promise<{ id: string; aop: string; aopId: string }> {
  numero += 1;
  const siret = `${String(Date.now()).slice(-12)}${String(numero).padStart(2, '0')}`;
  const { id } = await api('POST /api/personne-morale', {
    corps: { raisonSociale: `Sites composant ${siret}`, siret },
  });
  const [aop] = await api('GET /api/aop-igp');
  const activite = (await api('GET /api/activiteAopIgp')).find((a) => a.aopIgpId === aop!.id);
  const data = new FormData();
  data.append(
    'data',
    JSON.stringify({
      personneMoraleId: id,
      aopIgpId: aop!.id,
      activiteId: activite!.id,
      statut: 'VALIDEE',
      dateDi: '2026-02-02',
    }),
  );
  await api('POST /api/habilitation', { corps: data });
  return { id, aop: aop!.libelle, aopId: aop!.id };
}

async function ongletSites(id: string) {
  const rendu = rendre(
    <Routes>
      <Route path="/recherche/morale/:id" element={<FicheMoralePage />} />
    </Routes>,
    { chemin: `/recherche/morale/${id}` },
  );
  await rendu.utilisateur.click(await screen.findByRole('tab', { name: 'Sites' }));
  return rendu;
}

/** The field's wrapper (label, input, error) inside `dans`. */
const sousLeChamp = (label: string, dans: HTMLElement = document.body) => {
  const entree = within(dans).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  return entree.closest<HTMLElement>('.mantine-InputWrapper-root') ?? entree.parentElement!;
};
const formulaireAjout = () => screen.getByRole('form', { name: 'Ajouter un site' });
const champAjout = (label: string) =>
  within(formulaireAjout()).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const sitesServeur = async (id: string) =>
  (await api('GET /api/fiche/morale/{id}', { params: { id } })).sites;

describe("an operator's sites on its fiche, on the real server as the Comté's animateur", () => {
  beforeEach(async () => {
    await seConnecter('animateur@estive.test', { droit: 'Comté' });
  });

  it('asks for the label, reads coordinates, and shows the server’s refusals under their fields', async () => {
    const { id } = await operateurHabilite();
    const { utilisateur } = await ongletSites(id);
    const ajouter = within(formulaireAjout()).getByRole('button', { name: 'Ajouter un site' });
    await utilisateur.click(ajouter);
    expect(
      await within(sousLeChamp('Libellé du site', formulaireAjout())).findByText(
        'Ce champ est obligatoire',
      ),
    ).toBeVisible();
    await utilisateur.type(champAjout('Libellé du site'), 'Cave hors bornes');
    await utilisateur.type(champAjout('Longitude'), 'cinq');
    await utilisateur.click(ajouter);
    expect(
      await within(sousLeChamp('Longitude', formulaireAjout())).findByText(
        'Utilisez un nombre (45,76 ou 45.76)',
      ),
    ).toBeVisible();
    // Readable but out of range, and a 4-digit postcode: the server says so under each field.
    await utilisateur.clear(champAjout('Longitude'));
    await utilisateur.type(champAjout('Longitude'), '5,71');
    await utilisateur.type(champAjout('Latitude'), '91');
    await utilisateur.type(champAjout('Code postal'), '3980');
    await utilisateur.click(ajouter);
    expect(
      await within(sousLeChamp('Latitude', formulaireAjout())).findByText(
        'La valeur doit être inférieure ou égale à 90',
      ),
    ).toBeVisible();
    expect(
      within(sousLeChamp('Code postal', formulaireAjout())).getByText(
        'Utilisez un code postal valide',
      ),
    ).toBeVisible();
    expect(await sitesServeur(id)).toEqual([]);
  });

  it('offers the postcode’s communes and the operator’s labels, then adds the site', async () => {
    const { id, aop, aopId } = await operateurHabilite();
    const { utilisateur } = await ongletSites(id);
    await utilisateur.type(champAjout('Libellé du site'), 'Cave de Poligny');
    await utilisateur.type(champAjout('Code postal'), '39800');
    await utilisateur.click(champAjout('Ville'));
    // The communes come once the postcode is complete (a debounced call to the server).
    await utilisateur.click(
      await screen.findByRole('option', { name: 'Poligny', hidden: true }, { timeout: 10_000 }),
    );
    await utilisateur.type(champAjout('Latitude'), '46,84');
    await utilisateur.type(champAjout('Longitude'), '5.71');
    await utilisateur.click(champAjout('AOP-IGP du site'));
    await utilisateur.click(await screen.findByRole('option', { name: aop, hidden: true }));
    await utilisateur.click(
      within(formulaireAjout()).getByRole('button', { name: 'Ajouter un site' }),
    );
    const tableau = await screen.findByRole('table', { name: 'Sites' });
    const ligne = (await within(tableau).findByText('Cave de Poligny')).closest('tr')!;
    expect(ligne).toHaveTextContent('Poligny');
    expect(ligne).toHaveTextContent(aop);
    expect(await sitesServeur(id)).toEqual([
      expect.objectContaining({
        libelle: 'Cave de Poligny',
        codePostal: '39800',
        ville: 'Poligny',
        latitude: 46.84,
        longitude: 5.71,
        aopIds: [aopId],
      }),
    ]);
  });

  it('corrects a site (the server’s message under the field first), then deletes it after asking', async () => {
    const { id } = await operateurHabilite();
    await api('POST /api/personne-morale/{id}/sites', {
      params: { id },
      corps: { libelle: 'Saloir', codePostal: '39800', ville: 'Poligny', latitude: 46.8 },
    });
    const { utilisateur } = await ongletSites(id);
    await utilisateur.click(await screen.findByRole('button', { name: 'Modifier le site Saloir' }));
    const dialogue = await screen.findByRole('dialog', { name: 'Modifier le site Saloir' });
    const champ = (label: string) =>
      within(dialogue).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
    expect(champ('Latitude')).toHaveValue('46,8');
    await utilisateur.clear(champ('Latitude'));
    await utilisateur.type(champ('Latitude'), '-95');
    await utilisateur.click(within(dialogue).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(sousLeChamp('Latitude', dialogue)).findByText(
        'La valeur doit être supérieure ou égale à -90',
      ),
    ).toBeVisible();
    await utilisateur.clear(champ('Latitude'));
    await utilisateur.type(champ('Latitude'), '46,85');
    await utilisateur.clear(champ('Libellé du site'));
    await utilisateur.type(champ('Libellé du site'), 'Saloir d’affinage');
    await utilisateur.click(within(dialogue).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saloir d’affinage')).toBeVisible();
    expect(await sitesServeur(id)).toEqual([
      expect.objectContaining({ libelle: 'Saloir d’affinage', latitude: 46.85, ville: 'Poligny' }),
    ]);

    await utilisateur.click(
      screen.getByRole('button', { name: 'Supprimer le site Saloir d’affinage' }),
    );
    const question = await screen.findByRole('dialog', { name: 'Supprimer un site' });
    expect(question).toHaveTextContent('Supprimer le site Saloir d’affinage ?');
    await utilisateur.click(within(question).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Aucun site à afficher')).toBeVisible();
    expect(await sitesServeur(id)).toEqual([]);
  });
});
