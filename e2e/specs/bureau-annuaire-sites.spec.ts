import { mkdirSync, statSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { MOT_DE_PASSE } from '../pages/comptes';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { pdfUnePage } from '../pages/pdf';

/**
 * Issue 32 item 2, an operator's sites and habilitation documents at 1280×800 and on a 1024
 * tablet: a site added with its commune and label, corrected (the server's bound under the
 * latitude first), deleted after asking; the identification request for several activities with
 * one DI file, and that file downloaded from the fiche and from the habilitation screen.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32e';
mkdirSync(SHOTS, { recursive: true });

interface Api {
  headers: Record<string, string>;
  operateur: string;
  aop: { id: string; libelle: string };
  activites: { id: string; libelle: string }[];
}

/** An operator of the animateur's first right (Comté), made through the API for this case. */
async function operateurNeuf(request: APIRequestContext, nom: string): Promise<Api> {
  const connexion = await request.post('/api/auth/login', {
    data: { login: 'animateur@estive.test', password: MOT_DE_PASSE },
  });
  const { accessToken } = (await connexion.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const principal = (await (await request.get('/api/principal', { headers: auth })).json()) as {
    droits: { id: string }[];
  };
  const headers = { ...auth, 'X-Droit-Actif': principal.droits[0]?.id ?? '' };
  const siret = String(Date.now()).slice(-13).padStart(14, '5');
  const cree = await request.post('/api/personne-morale', {
    headers,
    data: { raisonSociale: nom, siret },
  });
  expect(cree.status(), await cree.text()).toBe(201);
  const { id: operateur } = (await cree.json()) as { id: string };
  const aops = (await (await request.get('/api/aop-igp', { headers })).json()) as {
    id: string;
    libelle: string;
  }[];
  const toutes = (await (await request.get('/api/activiteAopIgp', { headers })).json()) as {
    aopIgpId: string;
    id: string;
    libelle: string;
  }[];
  const aop = aops.find((a) => toutes.filter((x) => x.aopIgpId === a.id).length >= 2);
  if (!aop) throw new Error('aucune AOP-IGP à deux activités');
  return { headers, operateur, aop, activites: toutes.filter((x) => x.aopIgpId === aop.id) };
}

/** The download a click starts: its suggested name and its size on disk. */
async function telechargement(page: Page, lien: ReturnType<Page['getByRole']>) {
  const [fichier] = await Promise.all([page.waitForEvent('download'), lien.click()]);
  const chemin = await fichier.path();
  return { nom: fichier.suggestedFilename(), taille: statSync(chemin).size };
}

surChaqueEcranBureau(180_000, ({ taille }) => {
  test('un site se crée avec sa commune et son AOP-IGP, se corrige, se supprime après confirmation', async ({
    page,
    request,
  }) => {
    const nom = `Fruitière des sites ${String(Date.now())}`;
    const { headers, operateur, aop, activites } = await operateurNeuf(request, nom);
    const habilitation = await request.post('/api/habilitation', {
      headers,
      data: {
        personneMoraleId: operateur,
        aopIgpId: aop.id,
        activiteId: activites[0]?.id,
        statut: 'VALIDEE',
        dateDi: '2026-03-02',
      },
    });
    expect(habilitation.status(), await habilitation.text()).toBe(201);

    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto(`/recherche/morale/${operateur}`);
    await page.getByRole('tab', { name: 'Sites' }).click({ timeout: 45_000 });
    const ajout = page.getByRole('form', { name: 'Ajouter un site' });
    await ajout.getByLabel('Libellé du site').fill('Cave de Poligny');
    await ajout.getByLabel('Code postal').fill('39800');
    await ajout.getByRole('combobox', { name: 'Ville' }).click();
    await page.getByRole('option', { name: 'Poligny', exact: true }).click({ timeout: 30_000 });
    await ajout.getByLabel('Latitude').fill('46,84');
    await ajout.getByLabel('Longitude').fill('5,71');
    await ajout.getByLabel('AOP-IGP du site').first().click();
    await page.getByRole('option', { name: aop.libelle, exact: true }).click();
    await page.screenshot({ path: `${SHOTS}/site-ajout-${taille}.png` });
    await ajout.getByRole('button', { name: 'Ajouter un site' }).click();
    const tableau = page.getByRole('table', { name: 'Sites' });
    const ligne = tableau.getByRole('row').filter({ hasText: 'Cave de Poligny' });
    await expect(ligne).toContainText('Poligny');
    await expect(ligne).toContainText(aop.libelle);
    await expect(page.getByRole('img', { name: 'Carte des sites' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/site-liste-${taille}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Modifier le site Cave de Poligny' }).click();
    const dialogue = page.getByRole('dialog', { name: 'Modifier le site Cave de Poligny' });
    await dialogue.getByLabel('Latitude').fill('95');
    await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialogue.getByText('La valeur doit être inférieure ou égale à 90')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/site-modification-refus-${taille}.png` });
    await dialogue.getByLabel('Latitude').fill('46,85');
    await dialogue.getByLabel('Libellé du site').fill('Cave d’affinage de Poligny');
    await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialogue).toBeHidden();
    await expect(tableau.getByRole('row').filter({ hasText: 'Cave d’affinage' })).toContainText(
      '46.85, 5.71',
    );

    await page
      .getByRole('button', { name: 'Supprimer le site Cave d’affinage de Poligny' })
      .click();
    const question = page.getByRole('dialog', { name: 'Supprimer un site' });
    await expect(question).toContainText('Supprimer le site Cave d’affinage de Poligny ?');
    await page.screenshot({ path: `${SHOTS}/site-suppression-${taille}.png` });
    await question.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Aucun site à afficher')).toBeVisible();
  });

  test("la demande d'identification couvre plusieurs activités d'un DI, téléchargé de la fiche et de l'habilitation", async ({
    page,
    request,
  }) => {
    const nom = `Laiterie de la demande ${String(Date.now())}`;
    const { operateur, aop, activites } = await operateurNeuf(request, nom);
    const [a1, a2] = activites;
    if (!a1 || !a2) throw new Error('deux activités attendues');
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto(`/recherche/morale/${operateur}/habilitation/creation`);
    await page.getByText("Demande d'identification", { exact: true }).click({ timeout: 45_000 });
    const formulaire = page.getByRole('form', { name: "Demande d'identification" });
    await formulaire.getByRole('combobox', { name: 'AOP-IGP' }).click();
    await page.getByRole('option', { name: aop.libelle, exact: true }).click();
    await formulaire.getByLabel('Activités').first().click();
    await page.getByRole('option', { name: a1.libelle, exact: true }).click();
    await page.getByRole('option', { name: a2.libelle, exact: true }).click();
    await formulaire.getByLabel('Date de DI').fill('2026-04-01');
    await formulaire.locator('input[type="file"]').setInputFiles({
      name: 'DI-multi.pdf',
      mimeType: 'application/pdf',
      buffer: pdfUnePage('DI de la demande e2e'),
    });
    await page.screenshot({ path: `${SHOTS}/demande-identification-${taille}.png` });
    await formulaire.getByRole('button', { name: 'Envoyer la demande' }).click();

    await expect(page.getByRole('heading', { name: nom })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Habilitations' }).click();
    for (const activite of [a1, a2])
      await expect(page.getByRole('row').filter({ hasText: activite.libelle })).toContainText(
        'DI-multi.pdf',
      );
    await page.screenshot({
      path: `${SHOTS}/fiche-habilitations-di-${taille}.png`,
      fullPage: true,
    });
    const depuisFiche = await telechargement(
      page,
      page
        .getByRole('row')
        .filter({ hasText: a1.libelle })
        .getByRole('button', { name: 'DI-multi.pdf' }),
    );
    expect(depuisFiche.nom).toBe('DI-multi.pdf');
    expect(depuisFiche.taille).toBe(pdfUnePage('DI de la demande e2e').length);

    await page
      .getByRole('row')
      .filter({ hasText: a1.libelle })
      .getByRole('button', { name: 'Modifier' })
      .click();
    await expect(page.getByRole('heading', { name: "Modification d'habilitation" })).toBeVisible();
    const carte = page.getByRole('form', { name: a2.libelle });
    const depuisHabilitation = await telechargement(
      page,
      carte.getByRole('button', { name: 'DI-multi.pdf' }),
    );
    expect(depuisHabilitation).toEqual(depuisFiche);
    await page.screenshot({ path: `${SHOTS}/habilitation-di-${taille}.png`, fullPage: true });
  });
});
