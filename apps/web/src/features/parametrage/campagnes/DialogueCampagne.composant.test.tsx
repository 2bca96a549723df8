import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Campagne } from '@estive/contracts';
import { api } from '../../../lib/api';
import { rendre } from '../../../test/rendu';
import { seConnecter } from '../../../test/serveur';
import { DialogueCampagne } from './OngletCampagnes';

/**
 * The campaign form as the animateur meets it (issue 32 item 4), submitted to the real server: a
 * new campaign is not current unless ticked, and ticking says which one loses the flag; dates
 * that meet another campaign's warn without blocking; the date order is checked before sending.
 */
let campagnes: Campagne[];
beforeAll(async () => {
  await seConnecter('animateur@estive.test', { droit: 'Comté' });
  campagnes = await api('GET /api/campagne');
});

const courante = () => {
  const k = campagnes.find((c) => c.courante);
  if (!k) throw new Error('la démo a une campagne courante');
  return k;
};

describe('DialogueCampagne', () => {
  it('is not current by default; ticking names the campaign that stops being current', async () => {
    const { utilisateur } = rendre(
      <DialogueCampagne campagne={null} autres={campagnes} fermer={() => undefined} />,
    );
    const caseCourante = await screen.findByRole('checkbox', { name: /Campagne courante/ });
    expect(caseCourante).not.toBeChecked();
    expect(screen.queryByText(/ne sera plus la campagne courante/)).toBeNull();
    await utilisateur.click(caseCourante);
    expect(
      screen.getByText(`« ${courante().libelle} » ne sera plus la campagne courante`, {
        exact: false,
      }),
    ).toBeVisible();
  });

  it('warns of overlapping dates, checks their order and the libellé before sending', async () => {
    const k = courante();
    const annee = Number(k.debut.slice(0, 4));
    const { utilisateur } = rendre(
      <DialogueCampagne campagne={null} autres={campagnes} fermer={() => undefined} />,
    );
    await utilisateur.type(await screen.findByLabelText(/Début/), `${String(annee)}-09-01`);
    await utilisateur.type(screen.getByLabelText(/Fin/), `${String(annee + 1)}-08-31`);
    expect(
      await screen.findByText(
        `Cette campagne chevauche « ${k.libelle} » (du 01/01/${String(annee)} au 31/12/${String(annee)}).`,
      ),
    ).toBeVisible();
    // Before its start: told under 'Fin', nothing sent.
    await utilisateur.clear(screen.getByLabelText(/Fin/));
    await utilisateur.type(screen.getByLabelText(/Fin/), `${String(annee)}-08-31`);
    await utilisateur.type(screen.getByLabelText(/Libellé/), 'x'.repeat(101));
    await utilisateur.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('La date de fin doit être postérieure à la date de début'),
    ).toBeVisible();
    expect(screen.getByText('100 caractères au plus')).toBeVisible();
    expect(await api('GET /api/campagne')).toHaveLength(campagnes.length);
  });

  it('creates a campaign on the server, not current, and closes', async () => {
    const libelle = `Campagne essai ${String(Date.now())}`;
    let fermee = false;
    const { utilisateur } = rendre(
      <DialogueCampagne
        campagne={null}
        autres={campagnes}
        fermer={() => {
          fermee = true;
        }}
      />,
    );
    await utilisateur.type(await screen.findByLabelText(/Libellé/), libelle);
    await utilisateur.type(screen.getByLabelText(/Début/), '2090-01-01');
    await utilisateur.type(screen.getByLabelText(/Fin/), '2090-12-31');
    expect(screen.queryByText(/Cette campagne chevauche/)).toBeNull();
    await utilisateur.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fermee).toBe(true));
    const creee = (await api('GET /api/campagne')).find((c) => c.libelle === libelle);
    expect(creee).toMatchObject({ debut: '2090-01-01', fin: '2090-12-31', courante: false });
    expect((await api('GET /api/campagne')).find((c) => c.courante)?.id).toBe(courante().id);
  });
});
