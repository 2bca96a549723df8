/**
 * The report preview as a controller sees it: in the real PWA signed in as the demo controller, a
 * control synced to the device and completed up to step 3, the time from the click on 'Suivant'
 * (step 3 → step 4) to the preview being there — the iframe of the PDF inserted, then loaded. Cold:
 * the first arrival after the page loaded (PDF engine and fonts still to load); warm: back to step 3
 * and 'Suivant' again.
 */
import type { Browser } from 'playwright-core';
import { completerGrille } from '../../e2e/pages/grilleComplete';
import { ecrireTable, lireTable } from '../../e2e/pages/Idb';
import { pageControleur } from '../lib/serveur';

export interface MesureParcours {
  /** Click → preview iframe in the page. */
  inseree: number;
  /** Click → the iframe's PDF loaded. */
  chargee: number;
  /** The PDF shown: bytes and pages (the demo control's report, not bench/report's fixture). */
  octets: number;
  pages: number;
}

/** In the page: timestamps of the click on 'Suivant' and of the preview iframe's arrival and load. */
const OBSERVATEUR = `(() => {
  window.__parcours = [];
  document.addEventListener('click', (e) => {
    const bouton = e.target instanceof Element ? e.target.closest('button') : null;
    if (bouton && bouton.textContent.trim() === 'Suivant') window.__parcours.push({ clic: performance.now() });
  }, true);
  new MutationObserver(() => {
    const courant = window.__parcours.at(-1);
    const iframe = document.querySelector('iframe[title^="Aperçu du rapport"]');
    if (!courant || !iframe || courant.inseree) return;
    courant.inseree = performance.now();
    iframe.addEventListener('load', () => { courant.chargee = performance.now(); }, { once: true });
  }).observe(document.body, { childList: true, subtree: true });
})()`;

export async function mesurerParcours(
  navigateur: Browser,
  port: number,
  repetitions: number,
): Promise<{ froid: MesureParcours; chaud: MesureParcours[] }> {
  const page = await pageControleur(navigateur, port);
  // Headless chromium has no PDF viewer and the page would show its notice instead of the
  // iframe: the iframe is what a tablet shows, so the bench says a viewer is there.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => true });
  });
  await page
    .getByRole('button', { name: /Synchroni/ })
    .first()
    .click();
  await page.waitForFunction(`performance.getEntriesByName('estive:synchro').length > 0`, null, {
    timeout: 300_000,
  });
  const controle = (await lireTable(page, 'controles')).find((c) => c.statut === 'PROGRAMME');
  if (!controle) throw new Error('Aucun contrôle programmé sur l’appareil');
  // The form builds and saves the control's grid; it is then completed as steps 2 and 3 would.
  await page.goto(`http://127.0.0.1:${port}/controle/saisie?ids=${controle.id}`);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByText('Le contrôle a été sauvegardé').waitFor();
  const enregistre = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  if (!enregistre) throw new Error('Contrôle absent de l’appareil');
  await ecrireTable(page, 'controles', [
    { ...enregistre, grille: completerGrille(enregistre), etapeSaisie: 3 },
  ]);
  await page.reload();
  await page.evaluate(OBSERVATEUR);
  const suivant = page.getByRole('button', { name: 'Suivant', exact: true });
  const apercu = page.locator('iframe[title^="Aperçu du rapport"]');

  const mesurer = async (): Promise<MesureParcours> => {
    await suivant.click();
    await apercu.waitFor({ timeout: 60_000 });
    await page.waitForFunction(`window.__parcours.at(-1).chargee !== undefined`, null, {
      timeout: 60_000,
    });
    const m = await page.evaluate<{ clic: number; inseree: number; chargee: number }>(
      `window.__parcours.at(-1)`,
    );
    const pdf = await page.evaluate<{ octets: number; pages: number }>(String.raw`(async () => {
      const src = document.querySelector('iframe[title^="Aperçu du rapport"]').src;
      const octets = new Uint8Array(await (await fetch(src)).arrayBuffer());
      const texte = new TextDecoder('latin1').decode(octets);
      return { octets: octets.length, pages: (texte.match(/\/Type\s*\/Page[^s]/g) || []).length };
    })()`);
    // Back to step 3: leaving step 4 drops the preview, the next arrival makes it again.
    await page.getByRole('button', { name: /Plan de progrès/ }).click();
    await apercu.waitFor({ state: 'detached' });
    return { inseree: m.inseree - m.clic, chargee: m.chargee - m.clic, ...pdf };
  };
  const froid = await mesurer();
  const chaud: MesureParcours[] = [];
  for (let i = 0; i < repetitions; i++) chaud.push(await mesurer());
  await page.close();
  return { froid, chaud };
}
