import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { ecrireTable, lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';
import { reserver } from '../pages/Reservations';

/**
 * Issue 12 item 8, 'the rest found in use', on the screens: the sync button's date, Mes tournées
 * before the first sync, the recap's operators, level labels, DI documents offline, the
 * unsynchronised count on logout and wipe, the server's message on a failed sync, the audited
 * signature pad. Each test signs in on a fresh device (its own IndexedDB).
 */
mkdirSync(CAPTURES, { recursive: true });
test.describe.configure({ timeout: 150_000 });

const capture = (page: Page, nom: string) => {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return page.screenshot({ path: `${CAPTURES}/finitions-${nom}-${width}x${height}.png` });
};

const NIVEAUX =
  /\b(HABILITATION|CHANGEMENT_NOM|INIT_EXHAUSTIF|INIT_EXHAUSTIF_INO|INIT_CIBLE_INO|AUTRE_INO|SUP_TERRAIN|SUP_TERRAIN_INO|SUP_DOC|BLANC|NON_RENSEIGNE)\b/;

/** The demo controller signs in on a fresh device, at a tablet's size. */
async function controleurSurTablette(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await new ConnexionPage(page).connecterCompte('controleur');
}

/** ...syncs, and opens step 4 of a programmed control (reserved) that `garder` accepts. */
async function etape4DUnControleProgramme(
  page: Page,
  garder: (c: Enregistrement) => boolean = () => true,
): Promise<Enregistrement> {
  await controleurSurTablette(page);
  await new Coquille(page).synchroniser();
  const [controle] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME' && garder(c)),
  );
  await new SaisieControlePage(page).ouvrirEtape4(controle);
  return controle;
}

const jour = (iso: string) =>
  new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));
function lundi(j: string): string {
  const d = new Date(`${j}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
const plusJours = (j: string, n: number) => {
  const d = new Date(`${j}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test('avant la première synchronisation, puis la date au bouton et les opérateurs du récapitulatif', async ({
  page,
}) => {
  await controleurSurTablette(page);
  const avant = page.getByTestId('avant-premiere-synchro');
  await expect(avant).toContainText('Aucune donnée sur cet appareil');
  await expect(avant).toContainText('Synchronisez vos données');
  const bouton = page.getByRole('button', { name: 'Synchroniser vos données' });
  await expect(bouton.getByText('Synchroniser vos données', { exact: true })).toBeVisible();
  await capture(page, 'avant-synchro');

  await new Coquille(page).synchroniser();
  await expect(avant).toHaveCount(0);
  const apres = page.getByRole('button', { name: /^Synchronisé le / });
  await expect(apres.getByText(/^Synchronisé le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible();
  const derniere = (await lireTable(page, 'meta')).find((m) => m.key === 'derniereSynchro');
  const attendu = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(String(derniere?.value)));
  await expect(apres).toContainText(`Synchronisé le ${attendu} à `);
  // No level code anywhere on the week.
  expect(await page.locator('main').innerText()).not.toMatch(NIVEAUX);
  await capture(page, 'mes-tournees');

  // The recap: distinct operators of each round's controls.
  const controles = await lireTable(page, 'controles');
  const tournees = (await lireTable(page, 'tournees')).sort((a, b) =>
    String(a.debut).localeCompare(String(b.debut)),
  );
  const attendus = tournees.map((t) => {
    const ops = new Set(
      controles.filter((c) => c.tourneeId === t.id).map((c) => c.personneMoraleId),
    );
    return String(ops.size || t.nbOperateurs);
  });
  expect(attendus.every((n) => Number(n) > 0)).toBe(true);
  await page.getByRole('button', { name: 'Récapitulatif des tournées' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Récapitulatif des tournées' });
  const lignes = dialogue.locator('tbody tr');
  await expect(lignes).toHaveCount(tournees.length);
  expect(await lignes.locator('td:nth-child(3)').allInnerTexts()).toEqual(attendus);
  await capture(page, 'recapitulatif');
  await dialogue.getByRole('button', { name: 'Fermer' }).click();

  // On a phone the button still shows the date, short; its name stays the full text.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(apres.getByText(/^\d{2}\/\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(apres.getByText(/^Synchronisé le/)).toBeHidden();
  await expect(apres).toHaveAccessibleName(/^Synchronisé le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
  await capture(page, 'mes-tournees');
});

test('les DI de la semaine sont sur l’appareil et s’ouvrent hors ligne ; niveaux en français', async ({
  page,
  context,
}) => {
  await controleurSurTablette(page);
  const coquille = new Coquille(page);
  await coquille.attendreServiceWorker();
  await coquille.synchroniser();

  const aujourdhui = jour(new Date().toISOString());
  const debut = lundi(aujourdhui);
  const fin = plusJours(debut, 14);
  const aFaire = (await lireTable(page, 'controles')).filter(
    (c) =>
      ['PROGRAMME', 'EN_COURS'].includes(String(c.statut)) &&
      jour(String(c.date)) >= debut &&
      jour(String(c.date)) < fin,
  );
  expect(aFaire.length).toBeGreaterThan(0);
  const fichiersDi = (c: Enregistrement) =>
    (c.fichiers as { id: string; typeDocument: string; fileName: string }[]).filter(
      (f) => f.typeDocument === 'DI',
    );
  const attendus = new Set(aFaire.flatMap((c) => fichiersDi(c).map((f) => f.id)));
  const stockes = await lireTable(page, 'fichiers');
  const di = stockes.filter((f) => f.typeDocument === 'DI');
  expect(di.map((f) => f.id).sort()).toEqual([...attendus].sort());
  // The report logos too: the ODG's and the AOP seal.
  expect(stockes.filter((f) => f.typeDocument === 'LOGO').map((f) => f.id)).toEqual(
    expect.arrayContaining(['logo-type-aop']),
  );

  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  const controle = aFaire.find((c) => fichiersDi(c).length > 0)!;
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir([controle.id]);
  const bloc = page.getByTestId(`bloc-aop-${(controle.aopIgp as { id: string }).id}`);
  await expect(bloc).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(NIVEAUX);
  const niveaux: Record<string, string> = {
    SUP_TERRAIN: 'Supplémentaire terrain',
    INIT_EXHAUSTIF: 'Initial exhaustif',
    SUP_DOC: 'Supplémentaire documentaire',
    HABILITATION: 'Habilitation',
    INIT_CIBLE_INO: 'Initial ciblé inopiné',
  };
  await expect(bloc).toContainText(niveaux[String(controle.niveau)]!);
  await capture(page, 'etape1-hors-ligne');

  const di0 = fichiersDi(controle)[0];
  const onglet = page.waitForEvent('popup');
  await bloc.getByRole('button', { name: `Voir ${di0!.fileName}` }).click();
  const vue = await onglet;
  await vue.waitForURL(/^blob:/);
  // With no network, the tab shows the device's own copy of the DI, a PDF.
  expect(await vue.evaluate(() => document.contentType)).toBe('application/pdf');
  await expect(page.getByText("Le fichier n'a pas pu être ouvert")).toHaveCount(0);
});

test('déconnexion et effacement avec des données non synchronisées : le nombre est dit', async ({
  page,
}) => {
  await controleurSurTablette(page);
  await new Coquille(page).synchroniser();
  const [a, b] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME'),
    2,
  );
  await ecrireTable(page, 'controles', [
    { ...a, statut: 'REALISE', sync: false },
    { ...b, statut: 'REALISE', sync: false },
  ]);
  await page.reload();
  await expect(page.getByTitle('2 élément(s) non synchronisé(s)')).toBeAttached();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const deconnexion = page.getByRole('dialog', { name: 'Déconnexion' });
  await expect(deconnexion).toContainText('Êtes-vous sûr de vouloir vous déconnecter ?');
  await expect(deconnexion.getByTestId('avertissement-non-synchronises')).toHaveText(
    /^Attention : 2 contrôles de cet appareil n'ont pas encore été synchronisés\. Synchronisez avant de vous déconnecter/,
  );
  await capture(page, 'deconnexion');
  await deconnexion.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Options de synchronisation' }).click();
  await page.getByRole('menuitem', { name: 'Effacer les données locales' }).click();
  const attention = page.getByRole('dialog', { name: 'Attention' });
  await expect(attention.getByTestId('avertissement-non-synchronises')).toHaveText(
    "2 contrôles de cet appareil n'ont pas encore été synchronisés. Ces données seront perdues définitivement.",
  );
  await capture(page, 'effacement');
  await attention.getByRole('button', { name: 'Annuler' }).click();
  expect((await lireTable(page, 'controles')).filter((c) => c.sync === false)).toHaveLength(2);
});

test('une synchronisation refusée montre le message du serveur', async ({ page }) => {
  await controleurSurTablette(page);
  const message = 'Synchronisation suspendue pendant la maintenance du serveur (retour à 14 h)';
  // The server answers every try with its error contract (a maintenance window).
  await page.route('**/api/version**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message, code: 'MAINTENANCE', globalErrors: [], fieldErrors: [] }),
    }),
  );
  await page.getByRole('button', { name: 'Synchroniser vos données' }).click();
  const toast = page.getByRole('alert').filter({
    hasText: 'Une erreur est survenue pendant la synchronisation',
  });
  await expect(toast).toContainText(message, { timeout: 30_000 });
  await expect(toast.getByRole('button', { name: 'Fermer la notification' })).toBeVisible();
  await capture(page, 'erreur-synchro');
});

test('la signature de l’audité a « Effacer » et la taille du pad de l’auditeur', async ({
  page,
}) => {
  const controle = await etape4DUnControleProgramme(page);
  const synthese = new SyntheseAuditPage(page);

  await synthese.ouvrirSignatureAuditeur();
  const padAuditeur = synthese.dialogue.getByRole('img', {
    name: "Zone de signature de l'auditeur",
  });
  const tailleAuditeur = await padAuditeur.boundingBox();
  await synthese.dialogue.getByRole('button', { name: 'Annuler' }).click();

  await synthese.ouvrirSignatureAudite();
  const pad = synthese.dialogue.getByRole('img', { name: 'Zone de signature du signataire 1' });
  const taille = await pad.boundingBox();
  expect(tailleAuditeur).not.toBeNull();
  expect({ l: taille?.width, h: taille?.height }).toEqual({
    l: tailleAuditeur?.width,
    h: tailleAuditeur?.height,
  });
  expect(taille?.width).toBe(400);

  const signer = synthese.dialogue.getByRole('button', { name: 'Signer' });
  await synthese.remplirSignataire(0, 'Louise', 'Bourgeois');
  await expect(signer).toBeEnabled();
  await synthese.dialogue
    .getByRole('button', { name: 'Effacer la signature du signataire 1' })
    .click();
  await expect(signer).toBeDisabled();
  // Drawn again, the stored image is the pad's size.
  await synthese.dessiner(pad);
  await expect(signer).toBeEnabled();
  await capture(page, 'signature-audite');

  // On a phone the pad shrinks to the screen, same proportions.
  await page.setViewportSize({ width: 390, height: 844 });
  const etroit = await pad.boundingBox();
  expect(etroit!.width).toBeLessThanOrEqual(390);
  expect(Math.round(etroit!.width / etroit!.height)).toBe(4);
  await capture(page, 'signature-audite');
  await signer.click();
  await expect(synthese.dialogue).toBeHidden();
  // The saved synthesis holds the audited image (whatever its nesting): a 400×100 PNG.
  const imageSignee = async () => {
    const stocke = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
    return /"rapport":\[\{"name":"Louise Bourgeois","image":"(data:image\/png;base64,[^"]+)"/.exec(
      JSON.stringify(stocke?.synthese ?? null),
    )?.[1];
  };
  await expect.poll(imageSignee, { timeout: 15_000 }).toMatch(/^data:image\/png/);
  const image = (await imageSignee())!;
  const dimensions = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, image);
  expect(dimensions).toEqual([400, 100]);
});

test('le rapport produit sur l’appareil porte le logo de l’ODG et le sceau AOP à chaque page, et les formules', async ({
  page,
}) => {
  const controle = await etape4DUnControleProgramme(
    page,
    (c) => (c.aopIgp as { type: string }).type === 'AOP',
  );
  // The exploitation groups filled in (the completed grid ignores them): every line gets a value,
  // computed lines keep their formula.
  const stocke = (await lireTable(page, 'controles')).find((c) => c.id === controle.id)!;
  const grille = stocke.grille as {
    groupesSysExploitation: {
      ignore: boolean;
      points: { code: string; formule: string | null; valeur: string | null }[];
    }[];
  };
  for (const g of grille.groupesSysExploitation) {
    g.ignore = false;
    for (const p of g.points) p.valeur = '2';
  }
  const formules = grille.groupesSysExploitation
    .flatMap((g) => g.points)
    .filter((p) => p.formule)
    .map((p) => [p.code, p.formule!] as const);
  expect(formules.length).toBeGreaterThan(0);
  await ecrireTable(page, 'controles', [{ ...stocke, grille }]);
  await page.reload();
  const synthese = new SyntheseAuditPage(page);
  await expect(synthese.telecharger).toBeEnabled({ timeout: 60_000 });
  const telechargement = page.waitForEvent('download');
  await synthese.telecharger.click();
  const fichier = await (await telechargement).path();
  // Images placed on each page: the ODG's logo (the demo's 96×96 disc) and the 192×192 seal.
  const images = execFileSync('pdfimages', ['-list', fichier], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c[2] === 'image')
    .map((c) => `${c[0]}:${c[3]}x${c[4]}`);
  const pages = Number(
    /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [fichier], { encoding: 'utf8' }))?.[1],
  );
  expect(pages).toBeGreaterThan(0);
  for (let p = 1; p <= pages; p++) {
    expect(images).toContain(`${p}:96x96`);
    expect(images).toContain(`${p}:192x192`);
  }
  // The exploitation table's 'Formule' column: each computed line with its formula.
  const texte = execFileSync('pdftotext', ['-layout', fichier, '-'], { encoding: 'utf8' });
  expect(texte).toMatch(/Code\s+Libellé\s+Formule\s+Valeur\s+Unité/);
  for (const [code, formule] of formules) {
    const ligne = texte.split('\n').find((l) => new RegExp(`^\\s*${code}\\s`).test(l));
    expect(ligne?.replace(/\s+/g, ' '), code).toContain(formule.replace(/\s+/g, ' '));
  }
  execFileSync('pdftoppm', ['-png', '-r', '60', fichier, `${CAPTURES}/finitions-rapport-appareil`]);
});
