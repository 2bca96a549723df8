import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32 item 2, an operator's contacts at 1280×800 and on a 1024 tablet: typing a name offers
 * the existing person ('Utiliser cette personne', no second person), a contact's function is
 * corrected in a dialog, and removing it asks first.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32f';
mkdirSync(SHOTS, { recursive: true });

surChaqueEcranBureau(180_000, ({ taille }) => {
  test('un contact réutilise une personne existante, se corrige et se retire après confirmation', async ({
    page,
    request,
  }) => {
    // An operator the Comté office creates (hence may write) and a person of that ODG.
    const session = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comt/);
    const unique = String(Date.now());
    const operateur = await request.post('/api/personne-morale', {
      headers: session.headers,
      data: { raisonSociale: `Fruitière des contacts ${unique}`, siret: unique.padStart(14, '6') },
    });
    expect(operateur.status()).toBe(201);
    const { id } = (await operateur.json()) as { id: string };
    const nom = `Cuenot${unique}`;
    const personne = await request.post('/api/personne-physique', {
      headers: session.headers,
      data: { civilite: 'MADAME', nom, prenom: 'Odile', mail: 'odile@exemple.fr' },
    });
    expect(personne.status()).toBe(201);

    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto(`/recherche/morale/${id}`);
    await page.getByRole('tab', { name: 'Contacts' }).click({ timeout: 45_000 });
    await expect(page.getByText('Aucun contact lié')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(nom);
    const proposees = page.getByRole('region', { name: 'Personnes existantes' });
    await expect(proposees).toContainText(`Madame Odile ${nom}`, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/contact-propose-${taille}.png` });
    await proposees.getByRole('button', { name: /Utiliser cette personne/ }).click();
    await expect(page.getByText(`Personne existante : Madame Odile ${nom}`)).toBeVisible();
    await page.getByLabel('Fonction').fill('Responsable qualité');
    await page.getByRole('button', { name: 'Ajouter un contact' }).click();
    const table = page.getByRole('table', { name: 'Contacts liés' });
    const ligne = table.getByRole('row', { name: new RegExp(nom) });
    await expect(ligne).toContainText('Responsable qualité', { timeout: 30_000 });
    // Linked to the person: her name opens her page.
    await expect(ligne.getByRole('link', { name: `Madame Odile ${nom}` })).toHaveAttribute(
      'href',
      /\/recherche\/physique\/\d+$/,
    );
    await page.screenshot({ path: `${SHOTS}/contacts-${taille}.png` });

    await ligne.getByRole('button', { name: `Modifier le contact Madame Odile ${nom}` }).click();
    const dialogue = page.getByRole('dialog', { name: `Modifier le contact Madame Odile ${nom}` });
    await dialogue.getByLabel('Fonction').fill('Gérante');
    await dialogue.getByLabel('Mail').fill('pas-un-mail');
    await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialogue.getByText('Utilisez un email valide')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/contact-modifier-${taille}.png` });
    await dialogue.getByLabel('Mail').fill('odile.cuenot@exemple.fr');
    await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialogue).toBeHidden({ timeout: 30_000 });
    await expect(ligne).toContainText('Gérante');
    await expect(ligne).toContainText('odile.cuenot@exemple.fr');

    await ligne.getByRole('button', { name: `Retirer le contact Madame Odile ${nom}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Retirer un contact' });
    await expect(confirmation).toContainText('La personne reste dans l’annuaire');
    await page.screenshot({ path: `${SHOTS}/contact-retirer-${taille}.png` });
    await confirmation.getByRole('button', { name: 'Annuler' }).click();
    await expect(ligne).toBeVisible();
    await ligne.getByRole('button', { name: `Retirer le contact Madame Odile ${nom}` }).click();
    await confirmation.getByRole('button', { name: 'Retirer' }).click();
    await expect(page.getByText('Aucun contact lié')).toBeVisible({ timeout: 30_000 });
  });
});
