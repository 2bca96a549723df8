import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { rendre } from '../../test/rendu';
import { seConnecter } from '../../test/serveur';
import { CreationHabilitationPage } from './HabilitationPages';

/**
 * The identification request on the habilitation creation screen (issue 32 item 2), submitted to
 * the real server as the Comté's animateur: one DI for several activities of a label.
 */
const page = (moraleId: string) =>
  rendre(
    <Routes>
      <Route
        path="/recherche/morale/:moraleId/habilitation/creation"
        element={<CreationHabilitationPage />}
      />
      <Route path="*" element={<p>Ailleurs</p>} />
    </Routes>,
    { chemin: `/recherche/morale/${moraleId}/habilitation/creation` },
  );

const sousLeChamp = (label: string) => {
  const entree = screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  return entree.closest<HTMLElement>('.mantine-InputWrapper-root') ?? entree.parentElement!;
};

describe("identification request (several activities, one DI), as the Comté's animateur", () => {
  beforeEach(async () => {
    await seConnecter('animateur@estive.test', { droit: 'Comté' });
  });

  it('asks for activities and date, then creates one habilitation per activity on the DI’s date', async () => {
    const siret = String(Date.now()).padStart(14, '6').slice(-14);
    const { id } = await api('POST /api/personne-morale', {
      corps: { raisonSociale: `Demande DI composant ${siret}`, siret },
    });
    const activites = await api('GET /api/activiteAopIgp');
    const aops = await api('GET /api/aop-igp');
    const aop = aops.find((a) => activites.filter((x) => x.aopIgpId === a.id).length >= 2)!;
    const [a1, a2] = activites.filter((x) => x.aopIgpId === aop.id);

    const { utilisateur } = page(id);
    await utilisateur.click(await screen.findByRole('radio', { name: "Demande d'identification" }));
    const formulaire = screen.getByRole('form', { name: "Demande d'identification" });
    await utilisateur.click(within(formulaire).getByRole('button', { name: 'Envoyer la demande' }));
    expect(
      await within(sousLeChamp('AOP-IGP')).findByText('Ce champ est obligatoire'),
    ).toBeVisible();
    expect(within(sousLeChamp('Activités')).getByText('Ce champ est obligatoire')).toBeVisible();
    expect(within(sousLeChamp('Date de DI')).getByText('Ce champ est obligatoire')).toBeVisible();

    await utilisateur.click(screen.getByLabelText(/^AOP-IGP/, { selector: 'input' }));
    await utilisateur.click(await screen.findByRole('option', { name: aop.libelle, hidden: true }));
    await utilisateur.click(screen.getByLabelText(/^Activités/, { selector: 'input' }));
    await utilisateur.click(await screen.findByRole('option', { name: a1!.libelle, hidden: true }));
    await utilisateur.click(await screen.findByRole('option', { name: a2!.libelle, hidden: true }));
    await utilisateur.type(screen.getByLabelText(/^Date de DI/), '2026-04-01');
    // The DI file itself is sent from chromium (e2e bureau-annuaire-sites): jsdom's File does
    // not reach the server's multipart reader as its bytes (415).
    await utilisateur.click(within(formulaire).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Ailleurs')).toBeInTheDocument();
    const fiche = await api('GET /api/fiche/morale/{id}', { params: { id } });
    expect(fiche.habilitations.map((h) => h.activite.id).sort()).toEqual([a1!.id, a2!.id].sort());
    for (const h of fiche.habilitations) {
      expect(h.statut).toBe('EN_ATTENTE');
      expect(h.dateDi?.slice(0, 10)).toBe('2026-04-01');
    }
  });
});
