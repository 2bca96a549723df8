import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32, habilitations as an animateur edits them, at 1280×800 and on a 1024 tablet: the
 * creation page of a missing operator says "Opérateur introuvable" instead of spinning; on an
 * operator of its own, an empty label and activity are refused under their fields with the
 * spec's message, and a label and an activity create the habilitation shown on the card.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32a';
mkdirSync(SHOTS, { recursive: true });

surChaqueEcranBureau(180_000, ({ taille }) => {
  test("création d'habilitation : opérateur introuvable, champs obligatoires, puis création", async ({
    page,
    request,
  }) => {
    const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
    const siret = String(Date.now()).slice(-14).padStart(14, '6');
    const nom = `Habilitations e2e ${siret}`;
    const cree = await request.post('/api/personne-morale', {
      headers: api.headers,
      data: { raisonSociale: nom, siret },
    });
    expect(cree.status()).toBe(201);
    const { id } = (await cree.json()) as { id: string };

    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/recherche/morale/999999/habilitation/creation');
    await expect(page.getByRole('heading', { name: 'Opérateur introuvable' })).toBeVisible({
      timeout: 30_000,
    });

    await page.goto(`/recherche/morale/${id}/habilitation/creation`);
    await expect(page.getByText(nom)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(2, {
      timeout: 30_000,
    });
    await page.screenshot({ path: `${SHOTS}/habilitation-obligatoire-${taille}.png` });

    await page.getByRole('combobox', { name: 'AOP-IGP' }).click();
    await page.getByRole('option', { name: 'Comté', exact: true }).click();
    await page.getByRole('combobox', { name: 'Activité' }).click();
    const activite = page.getByRole('option').first();
    const libelle = (await activite.textContent()) ?? '';
    await activite.click();
    await page.getByRole('button', { name: 'Créer' }).click();
    await expect(page).toHaveURL(new RegExp(`/recherche/morale/${id}$`), { timeout: 30_000 });
    await page.getByRole('tab', { name: /Habilitations/ }).click();
    await expect(page.getByText(libelle).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/habilitation-creee-${taille}.png` });
  });
});
