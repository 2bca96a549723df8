import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import { AjoutContact } from './AjoutContact';

const sousLeChamp = (label: RegExp | string) => {
  const champ = screen.getByLabelText(label);
  return champ.closest<HTMLElement>('.mantine-InputWrapper-root') ?? champ.parentElement!;
};

/** An operator this animateur's ODG created, hence may write: its contacts are ours to add. */
async function operateurNeuf() {
  const siret = String(Date.now()).padStart(14, '8').slice(-14);
  const { id } = await api('POST /api/personne-morale', {
    corps: { raisonSociale: `Fruitière des contacts ${siret}`, siret },
  });
  return id;
}

const contactsDe = async (id: string) =>
  (await api('GET /api/fiche/morale/{id}', { params: { id } })).contacts;

describe("the add-contact form of an operator's fiche, submitted to the real server", () => {
  beforeEach(async () => {
    await seConnecter('animateur@estive.test', { droit: 'Comté' });
  });

  it('without a name: the spec message under « Nom », nothing linked', async () => {
    const id = await operateurNeuf();
    const surAjout = vi.fn();
    const { utilisateur } = rendre(<AjoutContact personneMoraleId={id} surAjout={surAjout} />);
    await utilisateur.type(screen.getByLabelText('Fonction'), 'Gérant');
    await utilisateur.click(screen.getByRole('button', { name: 'Ajouter un contact' }));
    expect(
      await within(sousLeChamp(/^Nom/)).findByText('Ce champ est obligatoire'),
    ).toBeInTheDocument();
    expect(surAjout).not.toHaveBeenCalled();
    expect(await contactsDe(id)).toEqual([]);
  });

  it('a bad mail and phone: the server messages under their fields', async () => {
    const id = await operateurNeuf();
    const { utilisateur } = rendre(<AjoutContact personneMoraleId={id} surAjout={() => {}} />);
    await utilisateur.type(screen.getByLabelText(/^Nom/), 'Jacquot');
    await utilisateur.type(screen.getByLabelText('Mail'), 'jacquot@');
    await utilisateur.type(screen.getByLabelText('Téléphone'), '12');
    await utilisateur.click(screen.getByRole('button', { name: 'Ajouter un contact' }));
    expect(
      await within(sousLeChamp('Mail')).findByText('Utilisez un email valide'),
    ).toBeInTheDocument();
    expect(
      within(sousLeChamp('Téléphone')).getByText('Utilisez un numéro de téléphone valide'),
    ).toBeInTheDocument();
    expect(await contactsDe(id)).toEqual([]);
  });

  it('typing a name offers the existing person; « Utiliser cette personne » links her', async () => {
    const id = await operateurNeuf();
    const nom = `Cuenot${String(Date.now())}`;
    const personne = await api('POST /api/personne-physique', {
      corps: { civilite: 'MADAME', nom, prenom: 'Odile', mail: 'odile@exemple.fr' },
    });
    const surAjout = vi.fn();
    const { utilisateur } = rendre(<AjoutContact personneMoraleId={id} surAjout={surAjout} />);
    await utilisateur.type(screen.getByLabelText(/^Nom/), nom);
    const proposees = await screen.findByRole('region', { name: 'Personnes existantes' });
    expect(proposees).toHaveTextContent(`Madame Odile ${nom} · odile@exemple.fr`);
    await utilisateur.click(
      within(proposees).getByRole('button', {
        name: `Utiliser cette personne : Madame Odile ${nom}`,
      }),
    );
    // Her identity is no longer typed: the name fields give way to her name.
    expect(screen.getByText(`Personne existante : Madame Odile ${nom}`)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nom/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mail')).toHaveValue('odile@exemple.fr');
    await utilisateur.type(screen.getByLabelText('Fonction'), 'Responsable qualité');
    await utilisateur.click(screen.getByRole('button', { name: 'Ajouter un contact' }));
    await vi.waitFor(() => expect(surAjout).toHaveBeenCalledOnce());
    expect(await contactsDe(id)).toEqual([
      expect.objectContaining({
        nom,
        prenom: 'Odile',
        civilite: 'MADAME',
        fonction: 'Responsable qualité',
        personnePhysiqueId: personne.id,
      }),
    ]);
  });
});
