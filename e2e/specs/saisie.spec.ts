import { expect, test } from '@playwright/test';
import { controleurSurTablette } from '../pages/tablette';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';

import { CAPTURES } from '../captures';
import { reserverVisiteComte } from '../pages/visites';

interface GrilleDeclaree {
  groupesSysExploitation: { points: { declaratif: unknown }[] }[];
}

/** The server sent the visit's grid with the operator's declared values (extranet mode). */
const declare = (c: Enregistrement) =>
  (c.grille as GrilleDeclaree | null)?.groupesSysExploitation.some((g) =>
    g.points.some((p) => p.declaratif),
  ) ?? false;

test('saisie hors ligne d’un contrôle Comté : formules, NC majeur, plan de progrès, sauvegarde, étape 4', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const coquille = await controleurSurTablette(page);
  const { ids, comteId } = await reserverVisiteComte(page, declare);

  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir(ids);
  await page.screenshot({ path: `${CAPTURES}/saisie-etape1.png` });

  await saisie.suivant.click();
  await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
  // Extranet mode (the demo controller): the figures the operator declared for the last campaign.
  const campagne = new Date().getFullYear() - 1;
  await expect(page.getByTestId('declaratif-a3')).toHaveText('Valeur déclarée');
  await expect(page.getByTestId('valeur-declaree-a3')).toHaveText(
    new RegExp(`^\\d+ VL du 01/01/${campagne} au 31/12/${campagne}$`),
  );
  await expect(page.getByTestId('declaratif-a6')).toHaveCount(0); // computed, never declared
  await page.getByTestId('declaratif-a3').hover();
  await expect(page.getByRole('tooltip')).toContainText('Déclaration de troupeau (extranet) :');
  await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '1'); // faded in, for the capture
  await page.screenshot({ path: `${CAPTURES}/saisie-etape2-valeur-declaree.png` });
  await page.mouse.move(0, 0);
  await saisie.valeurExploitation('a1', '20');
  await saisie.valeurExploitation('a2', '10');
  await saisie.valeurExploitation('a3', '50');
  await saisie.valeurExploitation('a20', '30');
  await saisie.valeurExploitation('a21', '25');
  await expect(saisie.valeurCalculee('a6')).toHaveValue('0,6000');
  await expect(saisie.valeurCalculee('a22')).toHaveValue('1,20000');
  await saisie.ignorerGroupe('Affinage');
  // The capture waits for the confirmation to fade out (it was caught over the groups).
  await expect(page.getByText('Voulez-vous ignorer ce groupe de saisie ?')).toBeHidden();
  await page.screenshot({ path: `${CAPTURES}/saisie-etape2-exploitation.png` });

  await saisie.onglet(/Surfaces et chargement/).click();
  await expect(saisie.entree('SC-01', comteId)).toContainText('seuil majeur');
  await expect(page.getByTestId(`gravite-SC-01-${comteId}`)).toHaveValue('MAJEUR');
  await expect(saisie.entree('SC-03', comteId)).toContainText('conforme');
  await page.screenshot({ path: `${CAPTURES}/saisie-etape2-points.png` });

  await saisie.suivant.click();
  await expect(page.getByRole('row', { name: /SC-01/ })).toContainText('Majeur');
  const manquement = page.getByTestId(`manquement-SC-01-${comteId}`);
  await expect(manquement).toBeVisible();
  await manquement
    .getByTestId(`SC-01-${comteId}-corrective-mesure`)
    .fill('Augmenter la surface en herbe');
  await manquement.getByTestId(`SC-01-${comteId}-corrective-delai`).fill('3 mois');
  await manquement.getByTestId(`SC-01-${comteId}-corrective-date`).fill('31/02/2026');
  // Said at the field, the text kept as typed.
  await expect(manquement.getByText('Utilisez une date valide (jj/mm/aaaa)')).toBeVisible();
  await expect(manquement.getByTestId(`SC-01-${comteId}-corrective-date`)).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(manquement.getByTestId(`SC-01-${comteId}-corrective-date`)).toHaveValue(
    '31/02/2026',
  );
  await manquement.getByTestId(`SC-01-${comteId}-corrective-date`).fill('30/09/2026');
  await page.screenshot({ path: `${CAPTURES}/saisie-etape3.png` });

  // Incomplete grid: step 4 is refused and step 2 shows in error.
  await saisie.suivant.click();
  await expect(
    page.getByText("Des éléments de la grille de saisie n'ont pas été renseignés"),
  ).toBeVisible();
  await saisie.enregistrer.click();
  await expect(page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
  const stockes = (await lireTable(page, 'controles')).filter((c) => ids.includes(c.id));
  expect(
    stockes.every((c) => c.sync === false && c.statut === 'EN_COURS' && c.etapeSaisie === 3),
  ).toBe(true);

  // Everything is found again after a reload, offline.
  await page.reload();
  await expect(page.getByTestId(`SC-01-${comteId}-corrective-delai`)).toHaveValue('3 mois');
  await page.getByRole('button', { name: 'Point de contrôle' }).click();
  await expect(saisie.valeurCalculee('a6')).toHaveValue('0,6000');
  await expect(page.getByRole('checkbox', { name: 'Inclure Affinage' })).not.toBeChecked();

  // Complete the grid: remaining groups ignored, every other entry SO.
  for (const groupe of ['Production laitière']) await saisie.ignorerGroupe(groupe);
  await saisie.valeurExploitation('a23', '1000');
  await saisie.valeurExploitation('a24', '500');
  await saisie.valeurExploitation('a26', '40');
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await saisie.completerOngletEnSO();
  }
  // The segmented controls slide their indicator: captured at rest.
  await page.screenshot({ path: `${CAPTURES}/saisie-etape2-complet.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Plan de progrès' }).click();
  // A negative delay holds step 3, said at its field, until it is corrected.
  const delai = page.getByTestId(`SC-01-${comteId}-corrective-delai`);
  await delai.fill('-3 mois');
  await expect(page.getByText('Le délai ne peut pas être négatif')).toBeVisible();
  await saisie.suivant.click();
  await expect(
    page.getByText('Des dates ou des délais du plan de progrès ne sont pas valides'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finaliser' })).toBeHidden();
  await expect(delai).toHaveValue('-3 mois');
  await page.screenshot({ path: `${CAPTURES}/saisie-etape3-delai-negatif.png` });
  await delai.fill('3 mois');
  await saisie.suivant.click();
  await expect(
    page.getByText("Des éléments de la grille de saisie n'ont pas été renseignés"),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finaliser' })).toBeVisible();
  // The capture waits for the report preview (it showed a spinner); headless chromium without a
  // PDF viewer says so instead.
  if (await new SyntheseAuditPage(page).attendreApercu()) {
    // Chromium's PDF plugin paints outside the page's DOM: nothing to wait on but time.
    await page.waitForTimeout(1_500);
  }
  await page.screenshot({ path: `${CAPTURES}/saisie-etape4.png` });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Point de contrôle' }).click();
  await page.screenshot({ path: `${CAPTURES}/saisie-portrait.png` });
});
