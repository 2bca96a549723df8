import { expect, type Locator, type Page } from '@playwright/test';

/** Step 4 'Synthèse de l'audit' of the control entry form, and its two signature dialogs. */
export class SyntheseAuditPage {
  readonly signatureAudite: Locator;
  readonly signatureAuditeur: Locator;
  readonly rafraichir: Locator;
  readonly telecharger: Locator;
  readonly apercu: Locator;
  readonly dialogue: Locator;

  constructor(readonly page: Page) {
    this.signatureAudite = page.getByRole('button', { name: 'Signature audité' });
    this.signatureAuditeur = page.getByRole('button', { name: 'Signature auditeur' });
    this.rafraichir = page.getByRole('button', { name: 'Rafraîchir la prévisualisation' });
    this.telecharger = page.getByRole('button', { name: 'Télécharger' });
    this.apercu = page.locator('iframe[title^="Aperçu du rapport d\'audit"]');
    this.dialogue = page.getByRole('dialog');
  }

  /**
   * Waits for the report preview; headless chromium without a PDF viewer shows the page's message
   * instead. Says whether the preview is shown.
   */
  async attendreApercu(): Promise<boolean> {
    const sansLecteur = await this.page.evaluate(() => !navigator.pdfViewerEnabled);
    if (sansLecteur) {
      await expect(
        this.page.getByText("Votre navigateur ne permet pas d'afficher les fichiers PDF"),
      ).toBeVisible();
    } else {
      await expect(this.apercu).toBeVisible({ timeout: 30_000 });
    }
    return !sansLecteur;
  }

  onglet(libelle: string): Locator {
    return this.page.getByRole('tab', { name: libelle });
  }

  /** Draws a stroke across a signature canvas, as a finger would. */
  async dessiner(zone: Locator): Promise<void> {
    const boite = await zone.boundingBox();
    if (!boite) throw new Error('zone de signature invisible');
    const { x, y, width, height } = boite;
    await this.page.mouse.move(x + width * 0.1, y + height * 0.7);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await this.page.mouse.move(
        x + width * (0.1 + 0.08 * i),
        y + height * (0.7 - 0.4 * Math.sin(i / 2)),
        {
          steps: 3,
        },
      );
    }
    await this.page.mouse.up();
  }

  async ouvrirSignatureAuditeur(): Promise<void> {
    await this.signatureAuditeur.click();
    await expect(this.dialogue.getByText("Signature de l'auditeur")).toBeVisible();
  }

  async signerAuditeur(): Promise<void> {
    await this.dessiner(
      this.dialogue.getByRole('img', { name: "Zone de signature de l'auditeur" }),
    );
    await this.dialogue.getByRole('button', { name: 'Signer' }).click();
    await expect(this.dialogue).toBeHidden();
  }

  async ouvrirSignatureAudite(): Promise<void> {
    await this.signatureAudite.click();
    await expect(this.dialogue.getByText("Signature de l'audité")).toBeVisible();
  }

  async remplirSignataire(index: number, prenom: string, nom: string): Promise<void> {
    await this.dialogue
      .getByRole('textbox', { name: /^Prénom/ })
      .nth(index)
      .fill(prenom);
    await this.dialogue.getByRole('textbox', { name: /^Nom/ }).nth(index).fill(nom);
    await this.dessiner(
      this.dialogue.getByRole('img', { name: `Zone de signature du signataire ${index + 1}` }),
    );
  }

  async validerSignatureAudite(): Promise<void> {
    await this.dialogue.getByRole('button', { name: 'Signer' }).click();
    await expect(this.dialogue).toBeHidden();
  }
}
