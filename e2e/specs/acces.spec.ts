import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';

test("un contrôleur qui ouvre l'annuaire voit 'Accès interdit'", async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  await expect(page.getByText("Vous n'avez pas accès à cette page.")).toBeVisible();
});

test("une adresse inconnue affiche la page 404 et 'Retour à l'accueil'", async ({ page }) => {
  await page.goto('/nulle-part');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("l'animateur choisit son périmètre parmi ses deux droits, qui survit au rechargement", async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.getByRole('button', { name: /^Compte/ }).click();
  const choix = page
    .getByRole('menu')
    .getByRole('menuitem')
    .filter({ hasNotText: /Mentions|Données/ });
  await expect(choix).toHaveCount(2);
  const second = (await choix.nth(1).innerText()).trim();
  await choix.nth(1).click();
  await page.reload();
  await page.getByRole('button', { name: /^Compte/ }).click();
  await expect(page.getByRole('menuitem', { name: second })).toHaveAttribute(
    'aria-current',
    'true',
  );
});
