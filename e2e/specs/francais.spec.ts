import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { lireTable } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { reserver } from '../pages/Reservations';

/**
 * No English on screen, spoken labels included (issue 12): the libraries' built-in texts
 * (Mantine's close buttons, mantine-datatable's pagination, the password toggle) are the usual
 * culprits. Each main screen is read as a user and a screen reader get it: visible text, and the
 * aria-label, title, alt and placeholder of every element; and no control may be left without a
 * name (a silent button is no better than an English one).
 */
test.describe.configure({ timeout: 150_000 });

/** Words that are English and not French; whole words, any case. */
const ANGLAIS =
  /\b(close|open|loading|search|next|previous|select(ed)?|toggle|clear|dismiss|records?|rows?|show|hide|submit|cancel|delete|edit|save|upload|download|error|success|warning|expand|collapse|resize|scroll|password|visibility|back|home|log ?out|log ?in|sign (in|out)|the|and|of|with|per page|nothing found|no data|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/i;

async function textesAnglais(page: Page): Promise<string[]> {
  const textes = await page.evaluate(() => {
    const attributs = ['aria-label', 'title', 'alt', 'placeholder', 'aria-roledescription'];
    const valeurs: string[] = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const a of attributs) {
        const v = el.getAttribute(a);
        if (v) valeurs.push(`${a}="${v}"`);
      }
    }
    return valeurs.flatMap((v) => v.split('\n'));
  });
  return [...new Set(textes.filter((t) => ANGLAIS.test(t)))];
}

/** Controls without an accessible name, as axe finds them. */
async function sansNom(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withRules([
      'button-name',
      'link-name',
      'label',
      'select-name',
      'input-button-name',
      'aria-command-name',
      'aria-input-field-name',
      'aria-toggle-field-name',
    ])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function verifier(page: Page, ecran: string): Promise<void> {
  expect(await textesAnglais(page), `anglais sur « ${ecran} »`).toEqual([]);
  expect(await sansNom(page), `sans nom sur « ${ecran} »`).toEqual([]);
}

test('contrôleur : connexion, Mes tournées, notification, récapitulatif, saisie', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const connexion = new ConnexionPage(page);
  await connexion.ouvrir();
  await verifier(page, 'connexion');

  await connexion.connecterCompte('controleur');
  await new Coquille(page).synchroniser();
  // The sync's end toast, with its close button, is on screen.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Synchronisation terminée' }),
  ).toBeVisible();
  await verifier(page, 'Mes tournées et la notification de fin de synchronisation');

  // The date picker's calendar: arrows, month title and days, spoken in French.
  await page.getByRole('button', { name: /^Date affichée/ }).click();
  await expect(page.getByRole('button', { name: 'Suivant', exact: true }).last()).toBeVisible();
  await verifier(page, 'calendrier de Mes tournées');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Récapitulatif des tournées' }).click();
  await expect(page.getByRole('dialog', { name: 'Récapitulatif des tournées' })).toBeVisible();
  await verifier(page, 'récapitulatif des tournées');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Options de synchronisation' }).click();
  await expect(page.getByRole('menuitem', { name: 'Effacer les données locales' })).toBeVisible();
  await verifier(page, 'menu de synchronisation');
  await page.keyboard.press('Escape');

  const [controle] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME'),
  );
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir([controle.id]);
  await verifier(page, 'saisie, étape 1');
  await saisie.suivant.click();
  await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
  await verifier(page, 'saisie, étape 2');
  await page.getByRole('button', { name: 'Informations', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await verifier(page, 'aide à la saisie');
  await page.keyboard.press('Escape');

  await saisie.ouvrirEtape4(controle);
  await page.getByRole('button', { name: 'Rechercher un auditeur' }).click();
  await expect(page.getByRole('dialog', { name: 'Recherche auditeur' })).toBeVisible();
  await verifier(page, 'étape 4 et recherche auditeur');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Escape');
  await page.goto('/tournee');
  await expect(page.getByRole('button', { name: /^Synchronisé le/ })).toBeVisible();
  await verifier(page, 'Mes tournées sur téléphone');
});

test('animateur : annuaire paginé et tableau de bord', async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await expect(page.getByRole('button', { name: 'Page suivante' }).first()).toBeVisible();
  await verifier(page, 'annuaire');
  await page.goto('/tdb');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await verifier(page, 'tableau de bord');
});
