import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';

/**
 * Issue 16 §4 (Must show): the CNAOL imports three accounts from a file (a bad line reported by the
 * dry run), a new controller signs in, must change the temporary password, and works;
 * deactivating the account signs it out.
 */
test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'default', timeout: 120_000 });

const suffixe = Date.now().toString(36);
const controleur = `lea.riviere.${suffixe}@comte.test`;
const TEMPORAIRE = 'Temporaire-E2E-2026!';
const NOUVEAU = 'Fromage-Comté-2026!';

async function deposer(page: Page, nom: string, lignes: string[]) {
  await page.locator('input[type="file"]').setInputFiles({
    name: nom,
    mimeType: 'text/csv',
    buffer: Buffer.from(lignes.join('\r\n'), 'utf8'),
  });
}

const AUVERGNE = "Association des Fromages AOP d'Auvergne";

test('CNAOL imports accounts; the new controller changes its temporary password, works, and is signed out by deactivation', async ({
  browser,
}) => {
  const bureau = await browser.newPage();
  await new ConnexionPage(bureau).connecterCompte('cnaol');
  await bureau.goto('/parametrage?onglet=comptes');
  const perimetre = bureau.getByText('Comptes ayant un droit sur');
  await expect(perimetre).toBeVisible();
  const odg = (await perimetre.locator('b').textContent()) ?? '';
  expect(odg).not.toBe('');

  const entete = 'mail;nom;prenom;role;odg;motDePasse';
  const bons = [
    `${controleur};Rivière;Léa;CONTROLEUR;${odg};${TEMPORAIRE}`,
    `paul.durand.${suffixe}@comte.test;Durand;Paul;ANIMATEUR;${odg};`,
    `chloe.gay.${suffixe}@comte.test;Gay;Chloé;CONTROLEUR;${odg};`,
  ];
  await bureau.getByRole('button', { name: 'Importer un fichier' }).click();
  const dialogue = bureau.getByRole('dialog', { name: 'Import de comptes' });
  await deposer(bureau, 'comptes.csv', [
    entete,
    ...bons.slice(0, 2),
    `pas-un-mail;Sans;Mail;CONTROLEUR;${odg};`,
    bons[2] ?? '',
  ]);
  await dialogue.getByRole('button', { name: 'Vérifier le fichier' }).click();
  const erreurs = dialogue.getByRole('list', { name: 'Erreurs du fichier' });
  await expect(erreurs).toContainText('Ligne 4 (mail) : Utilisez un email valide');
  await expect(dialogue.getByText('1 erreur(s) : aucun compte n’a été créé')).toBeVisible();
  await expect(dialogue.getByRole('button', { name: 'Créer les comptes' })).toBeDisabled();
  await bureau.screenshot({ path: `${CAPTURES}/parametrage-import-erreurs.png` });

  // The corrected file: three accounts, created at once.
  await deposer(bureau, 'comptes-corriges.csv', [entete, ...bons]);
  await dialogue.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(
    dialogue.getByRole('table', { name: 'Comptes du fichier' }).locator('tbody tr'),
  ).toHaveCount(3);
  await dialogue.getByRole('button', { name: 'Créer les 3 comptes' }).click();
  await expect(bureau.getByText('Les 3 comptes ont bien été créés')).toBeVisible();
  const ligne = bureau.locator(`tr[data-compte="${controleur}"]`);
  await expect(ligne).toContainText('Mot de passe temporaire');
  await bureau.getByLabel('Rechercher un compte').fill(suffixe);
  await expect(bureau.getByRole('table', { name: 'Comptes' }).locator('tbody tr')).toHaveCount(3);
  await bureau.screenshot({ path: `${CAPTURES}/parametrage-comptes.png` });

  // Modify an account: its name and role.
  const chloe = bureau.locator(`tr[data-compte="chloe.gay.${suffixe}@comte.test"]`);
  await chloe.getByRole('button', { name: 'Modifier' }).click();
  const modification = bureau.getByRole('dialog', { name: /Modifier le compte/ });
  await modification.getByRole('textbox', { name: 'Prénom' }).fill('Chloé-Marie');
  await bureau.screenshot({ path: `${CAPTURES}/parametrage-compte-modification.png` });
  await modification.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(bureau.getByText('Le compte a bien été modifié')).toBeVisible();
  await expect(chloe).toContainText('Chloé-Marie');

  // Rights (/api/droits/...): the CNAOL gives the account a right on Auvergne too.
  await chloe.getByRole('button', { name: 'Droits' }).click();
  const droits = bureau.getByRole('dialog', { name: /Droits de Chloé-Marie/ });
  await droits.getByRole('combobox', { name: 'Donner un droit sur' }).click();
  await bureau.getByRole('option', { name: AUVERGNE }).click();
  await droits.getByRole('button', { name: 'Donner le droit' }).click();
  await expect(bureau.getByText('Le droit a été donné')).toBeVisible();
  await expect(droits.locator(`tr[data-droit="${AUVERGNE}"]`)).toContainText('autre ODG');
  await bureau.screenshot({ path: `${CAPTURES}/parametrage-compte-droits.png` });
  await droits.locator('button', { hasText: 'Fermer' }).click();
  await expect(chloe).toContainText(AUVERGNE);

  // The new controller: the temporary password opens only the password change.
  const terrain = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  const connexion = new ConnexionPage(terrain);
  await connexion.ouvrir();
  await connexion.connecter(controleur, TEMPORAIRE);
  await expect(terrain.getByRole('heading', { name: 'Changement du mot de passe' })).toBeVisible();
  await terrain
    .getByRole('textbox', { name: 'Mot de passe temporaire', exact: true })
    .fill(TEMPORAIRE);
  await terrain.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('court');
  const regles = terrain.getByRole('list', { name: 'Règles du mot de passe' });
  await expect(regles.locator('[data-respectee="false"]')).toHaveCount(4);
  await terrain.screenshot({ path: `${CAPTURES}/parametrage-mot-de-passe.png` });
  await terrain.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(NOUVEAU);
  await expect(regles.locator('[data-respectee="false"]')).toHaveCount(0);
  await terrain
    .getByRole('textbox', { name: 'Confirmation du nouveau mot de passe' })
    .fill(NOUVEAU);
  await terrain.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(terrain.getByText('Votre mot de passe a bien été changé')).toBeVisible();
  // It works: the controller's own page, Mes tournées.
  await expect(terrain).toHaveURL(/\/tournee/);
  await expect(terrain.getByRole('heading', { name: 'Changement du mot de passe' })).toBeHidden();
  await expect(terrain.getByRole('button', { name: 'Semaine suivante' })).toBeVisible();
  // The server now serves it: a whole sync runs.
  await terrain.getByRole('button', { name: 'Synchroniser vos données' }).first().click();
  await expect(terrain.getByText('Synchronisation terminée')).toBeVisible({ timeout: 30_000 });
  await terrain.screenshot({ path: `${CAPTURES}/parametrage-controleur-connecte.png` });

  // Deactivation by the CNAOL signs it out.
  await ligne.getByRole('button', { name: 'Désactiver' }).click();
  await bureau
    .getByRole('dialog', { name: 'Désactiver le compte' })
    .getByRole('button', { name: 'Désactiver' })
    .click();
  await expect(bureau.getByText('Le compte a été désactivé')).toBeVisible();
  await expect(ligne).toContainText('Désactivé');

  // Its open page signs out at once — no reload, no call of its own: the server's socket says so.
  await expect(terrain.getByText('Votre compte a été désactivé')).toBeVisible();
  await expect(terrain).toHaveURL(/\/login/);
  await terrain.screenshot({ path: `${CAPTURES}/parametrage-controleur-revoque.png` });
  await connexion.connecter(controleur, NOUVEAU);
  // The sign-in is refused too.
  await expect(
    connexion.erreur.filter({ hasText: 'Identifiant ou mot de passe incorrect' }),
  ).toBeVisible();
  await terrain.screenshot({ path: `${CAPTURES}/parametrage-controleur-desactive.png` });

  // A look at 1024×768.
  await bureau.setViewportSize({ width: 1024, height: 768 });
  await bureau.screenshot({ path: `${CAPTURES}/parametrage-comptes-1024.png` });
});

test('Tâches: the CNAOL starts the purge and watches its outcome', async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('cnaol');
  await page.goto('/parametrage?onglet=taches');
  const carte = page.locator('[data-tache="PURGE_RETENTION"]');
  await expect(carte).toBeVisible();
  await carte.getByRole('button', { name: 'Lancer maintenant' }).click();
  // The last run's badge (the history below may list earlier runs, also 'Réussie — …').
  await expect(carte.getByText('Réussie', { exact: true })).toBeVisible();
  await expect(carte.locator('[data-bilan]')).toContainText('journaux des appareils');
  await page.screenshot({ path: `${CAPTURES}/parametrage-taches.png` });
});

test('a new account without a mail server: created, and the office is told its invitation was only logged', async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('cnaol');
  await page.goto('/parametrage?onglet=comptes');
  await page.getByRole('button', { name: 'Nouveau compte' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Nouveau compte' });
  await dialogue.getByLabel('Email').fill(`invitation.${suffixe}@comte.test`);
  await dialogue.getByRole('textbox', { name: 'Nom', exact: true }).fill('Invitation');
  await dialogue.getByRole('textbox', { name: 'Prénom' }).fill('Essai');
  const odg = dialogue.getByRole('combobox', { name: 'ODG' });
  await odg.click({ force: true });
  await page.getByRole('option').first().click();
  await odg.press('Tab');
  await dialogue.getByRole('button', { name: 'Créer le compte' }).click();
  // The e2e server has no SMTP_URL: the account exists, the mail went to the log, and it says so.
  const avis = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Invitation non envoyée' });
  await expect(avis).toContainText("l'invitation a été écrite au journal du serveur, pas envoyée");
  await expect(dialogue).toBeHidden();
  await page.screenshot({ path: `${CAPTURES}/parametrage-invitation-journal.png` });
});
