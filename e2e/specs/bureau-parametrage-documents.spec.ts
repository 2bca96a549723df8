import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { pdfUnePage } from '../pages/pdf';

/**
 * Issue 32 item 2, reference documents (Paramétrage → Documents) at 1280×800 and on a 1024
 * tablet: created with its file, renamed and its file replaced after asking, a file over
 * 5,000,000 bytes refused with the spec's message, deleted after asking.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32f';
mkdirSync(SHOTS, { recursive: true });

surChaqueEcranBureau(180_000, ({ taille }) => {
  test('un document de référence se renomme, change de fichier et se supprime après confirmation', async ({
    page,
  }) => {
    const libelle = `Plan d'inspection ${String(Date.now())}`;
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/parametrage?onglet=documents');
    await page.getByRole('button', { name: 'Nouveau document' }).click({ timeout: 45_000 });
    const creation = page.getByRole('dialog', { name: 'Nouveau document de référence' });
    await creation.getByLabel('Libellé').fill(libelle);
    await creation.locator('input[type="file"]').setInputFiles({
      name: 'plan-v1.pdf',
      mimeType: 'application/pdf',
      buffer: pdfUnePage('Plan v1'),
    });
    await creation.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(creation).toBeHidden({ timeout: 30_000 });
    const ligne = page.getByRole('row', { name: new RegExp(libelle) });
    await expect(ligne.getByRole('button', { name: 'plan-v1.pdf' })).toBeVisible();

    await ligne.getByRole('button', { name: `Modifier le document ${libelle}` }).click();
    const edition = page.getByRole('dialog', { name: `Modifier le document ${libelle}` });
    await expect(edition.getByText('Fichier actuel : plan-v1.pdf')).toBeVisible();
    // Over 5,000,000 bytes: refused before sending, with the spec's words.
    await edition.locator('input[type="file"]').setInputFiles({
      name: 'trop-gros.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5_000_001, 0x20),
    });
    await expect(edition.getByText('Le fichier est trop gros (max 5Mo)')).toBeVisible();
    await expect(edition.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await edition.getByLabel('Libellé').fill(`${libelle} révisé`);
    await edition.locator('input[type="file"]').setInputFiles({
      name: 'plan-v2.pdf',
      mimeType: 'application/pdf',
      buffer: pdfUnePage('Plan v2'),
    });
    await page.screenshot({ path: `${SHOTS}/document-modifier-${taille}.png` });
    await edition.getByRole('button', { name: 'Enregistrer' }).click();
    const remplacer = page.getByRole('dialog', { name: 'Remplacer le fichier' });
    await expect(remplacer).toContainText('Remplacer « plan-v1.pdf » par « plan-v2.pdf »');
    await page.screenshot({ path: `${SHOTS}/document-remplacer-${taille}.png` });
    await remplacer.getByRole('button', { name: 'Remplacer' }).click();
    await expect(edition).toBeHidden({ timeout: 30_000 });
    const revise = page.getByRole('row', { name: new RegExp(`${libelle} révisé`) });
    await expect(revise.getByRole('button', { name: 'plan-v2.pdf' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/documents-${taille}.png` });

    await revise.getByRole('button', { name: `Supprimer le document ${libelle} révisé` }).click();
    const suppression = page.getByRole('dialog', { name: 'Supprimer un document de référence' });
    await expect(suppression).toContainText('plan-v2.pdf');
    await suppression.getByRole('button', { name: 'Supprimer' }).click();
    await expect(revise).toHaveCount(0, { timeout: 30_000 });
  });
});
