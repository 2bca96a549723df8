import { expect, test } from '@playwright/test';
import { CAPTURES } from '../captures';
import { LIBELLE_FOURNISSEUR } from '../fournisseur-oidc';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { COMPTES, MOT_DE_PASSE } from '../pages/comptes';

/**
 * Issue 30, Must show: the office user signs in through the identity provider (the test provider
 * global-setup.ts starts, its own sign-in page), lands on his page with his perimeter, signs out
 * of Estive and of the provider.
 */
test('le bureau se connecte avec le fournisseur d’identité et s’en déconnecte', async ({
  page,
  request,
}) => {
  const login = COMPTES.animateur.login;
  // The perimeter a password sign-in gives him: the federated one must be the same.
  const jeton = await request.post('/api/auth/login', { data: { login, password: MOT_DE_PASSE } });
  const { accessToken } = (await jeton.json()) as { accessToken: string };
  const principal = await request.get('/api/principal', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const { droits } = (await principal.json()) as { droits: { raisonSociale: string }[] };
  const perimetre = droits[0]?.raisonSociale ?? '';
  expect(perimetre).not.toBe('');

  const bouton = page.getByRole('link', { name: `Se connecter avec ${LIBELLE_FOURNISSEUR}` });
  const formulaireFournisseur = page.getByLabel('Identifiant du fournisseur');
  await page.goto('/login');
  await expect(bouton).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/connexion-federee-bouton.png` });
  await bouton.click();
  await expect(formulaireFournisseur).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/connexion-federee-fournisseur.png` });
  await formulaireFournisseur.fill(login);
  await page.getByRole('button', { name: 'Valider' }).click();

  await expect(page).toHaveURL(/\/recherche$/, { timeout: 30_000 });
  const coquille = new Coquille(page);
  expect(await coquille.onglets()).toEqual([
    'Tournée',
    'Annuaire',
    'Tableau de bord',
    'Paramétrage',
  ]);
  const choix = page.getByRole('combobox', { name: 'Périmètre' });
  await expect(choix.or(page.getByTitle(perimetre)).first()).toBeVisible();
  if (await choix.isVisible()) await expect(choix).toHaveValue(perimetre);
  else await expect(page.getByTitle(perimetre).first()).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/connexion-federee-arrivee.png` });

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  // The provider's sign-out page (end_session_endpoint, id_token_hint), then back to Estive.
  await page.getByRole('button', { name: 'Se déconnecter du fournisseur' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  // Signed out at the provider: it asks who you are again.
  await bouton.click();
  await expect(formulaireFournisseur).toBeVisible();
});

test('un refus du fournisseur est expliqué sur la page de connexion', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: `Se connecter avec ${LIBELLE_FOURNISSEUR}` }).click();
  await page.getByLabel('Identifiant du fournisseur').fill('inconnu@ailleurs.fr');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/login\?oidc=compte-inconnu$/);
  await expect(page.getByRole('alert')).toContainText('Demandez à la CNAOL de créer votre compte');
});

test('la CNAOL trouve le réglage « exiger le fournisseur » dans Paramétrage › Comptes', async ({
  page,
}) => {
  // Read only: turning it on would refuse the other specs' office password sign-ins
  // (the switch's effect is tested on the server, oidc.test.ts).
  await new ConnexionPage(page).connecterCompte('cnaol');
  await page.goto('/parametrage?onglet=comptes');
  await expect(
    page.getByRole('switch', {
      name: `Exiger la connexion avec ${LIBELLE_FOURNISSEUR} pour les comptes du bureau`,
    }),
  ).not.toBeChecked();
});
