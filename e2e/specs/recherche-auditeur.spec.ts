import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { controleurSurTablette } from '../pages/tablette';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';

import { CAPTURES } from '../captures';
import { reserver } from '../pages/Reservations';

/** The device's copy of the ODG's auditors (meta key `auditeurs:<odgId>`), if any. */
async function listeSurAppareil(page: Page): Promise<boolean> {
  const meta = (await lireTable(page, 'meta')) as unknown as { key: string }[];
  return meta.some((m) => m.key.startsWith('auditeurs:'));
}

/** A programmed control reopened at step 4 with its grid completed. */
async function ouvrirEtape4(page: Page): Promise<Enregistrement> {
  const [controle] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME'),
  );
  await new SaisieControlePage(page).ouvrirEtape4(controle);
  return controle;
}

test('le contrôleur signe pour un collègue : Recherche auditeur, choix, rapport au nom du collègue, liste hors ligne', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const coquille = await controleurSurTablette(page);
  // Fetched after sign-in: the dialog would work offline even if never opened online.
  await expect.poll(() => listeSurAppareil(page)).toBe(true);

  const controle = await ouvrirEtape4(page);
  const aop = controle.aopIgp as { id: string; libelle: string };
  const synthese = new SyntheseAuditPage(page);
  await expect(synthese.onglet(aop.libelle)).toBeVisible();

  const bloc = page.getByRole('group', { name: 'Auditeur' });
  await expect(bloc.getByTestId('auditeur-nom')).toHaveText('Claire Vuillet');
  await bloc.getByRole('button', { name: 'Rechercher un auditeur' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Recherche auditeur' });
  const lignes = dialogue.locator('tbody tr');
  // The demo's two controllers of the ODG (the accounts spec, running beside, may import more);
  // sorted by nom; the signed-in user's row says she is the current auditor.
  await expect(lignes.filter({ hasText: 'Jeanningros' })).toHaveCount(1);
  await expect(lignes.filter({ hasText: 'Vuillet' })).toContainText('Auditeur actuel');
  const noms = await lignes.locator('td:first-child').allInnerTexts();
  expect(noms.indexOf('Jeanningros')).toBeLessThan(noms.indexOf('Vuillet'));
  await expect(dialogue.getByRole('columnheader')).toHaveText([
    'Nom',
    'Prénom',
    'Organisme',
    'E-mail',
    '',
  ]);
  await page.screenshot({ path: `${CAPTURES}/recherche-auditeur.png` });

  await dialogue.getByLabel('Nom', { exact: true }).fill('Dupont');
  await expect(dialogue.getByText('Aucun résultat')).toBeVisible();
  await dialogue.getByLabel('Nom', { exact: true }).fill('jeann');
  await dialogue.getByLabel('Prénom').fill('MARC');
  await dialogue.getByLabel('Organisme').fill('comt');
  await expect(lignes).toHaveCount(1);
  await dialogue.getByRole('button', { name: 'Choisir Marc Jeanningros' }).click();
  await expect(dialogue).toBeHidden();
  await expect(bloc.getByTestId('auditeur-nom')).toHaveText('Marc Jeanningros');
  await page.screenshot({ path: `${CAPTURES}/recherche-auditeur-choisi.png` });

  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Le contrôle a été sauvegardé').first()).toBeVisible();
  const local = (await lireTable(page, 'controles')).find((c) => c.id === controle.id)!;
  const stockee = (local.synthese as Record<string, { auditeur: Record<string, unknown> }>)[aop.id];
  expect(local.sync).toBe(false);
  expect(stockee!.auditeur).toMatchObject({
    id: expect.stringMatching(/^\d+$/),
    nom: 'Jeanningros',
    prenom: 'Marc',
    mail: 'controleur2@estive.test',
  });

  // Offline: the device's copy, dated; the chosen colleague is now the current auditor.
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  await bloc.getByRole('button', { name: 'Rechercher un auditeur' }).click();
  await expect(
    dialogue.getByText(/^Liste hors ligne du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/),
  ).toBeVisible();
  await expect(lignes.filter({ hasText: 'Jeanningros' })).toContainText('Auditeur actuel');
  await page.keyboard.press('Escape');
  await expect(dialogue).toBeHidden();

  // The report names the colleague (the preview was regenerated on the choice).
  await expect(synthese.telecharger).toBeEnabled({ timeout: 30_000 });
  const [telechargement] = await Promise.all([
    page.waitForEvent('download'),
    synthese.telecharger.click(),
  ]);
  const texte = execFileSync('pdftotext', [await telechargement.path(), '-'], {
    encoding: 'utf8',
  });
  expect(texte).toContain('Marc Jeanningros');
  expect(texte).not.toContain('Claire Vuillet');
});
