import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { joursDeControle, ProgrammationPage } from '../pages/ProgrammationPage';
import { reserverOperateursComte } from '../pages/operateursComte';
import { reserver } from '../pages/Reservations';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32, programming as the office uses it, at 1280×800 and on a 1024 tablet: campaigns are
 * not made current without asking and overlapping dates warn; in the wizard the basket's badge
 * counts at once, a control outside the round's campaign is refused on the card's date, a
 * validated card's deletion asks first, and a double click on 'Finaliser' finalises once.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32b';
mkdirSync(SHOTS, { recursive: true });

const badge = (page: Page, panneau: string) => page.getByLabel(new RegExp(`^${panneau} : \\d+$`));

surChaqueEcranBureau(300_000, ({ largeur }) => {
  test("les campagnes : la nouvelle n'est pas courante sans le demander, les dates communes sont signalées, « Rendre courante » demande confirmation", async ({
    page,
  }) => {
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/parametrage');
    await page.getByRole('tab', { name: 'Campagnes' }).click();
    const lignes = page.getByRole('table', { name: 'Campagnes' }).locator('tbody tr');
    // The badge, not the 'Rendre courante' buttons of the other rows (hasText ignores case).
    const courante = lignes.filter({ has: page.getByText('Courante', { exact: true }) });
    await expect(courante).toHaveCount(1, { timeout: 30_000 });
    const libelleCourante = (await courante.locator('td').first().innerText()).trim();
    const annee = Number(/\d{4}/.exec(libelleCourante)?.[0] ?? '2026');

    await page.getByRole('button', { name: 'Nouvelle campagne' }).click();
    const dialogue = page.getByRole('dialog', { name: 'Nouvelle campagne' });
    const caseCourante = dialogue.getByLabel('Campagne courante');
    await expect(caseCourante).not.toBeChecked();
    await dialogue.getByLabel('Début').fill(`${String(annee)}-09-01`);
    await dialogue.getByLabel('Fin').fill(`${String(annee)}-12-15`);
    await expect(
      dialogue.getByText(`Cette campagne chevauche « ${libelleCourante} »`),
    ).toBeVisible();
    await caseCourante.check();
    await expect(
      dialogue.getByText(`« ${libelleCourante} » ne sera plus la campagne courante`),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/campagne-dialogue-${String(largeur)}.png` });
    await dialogue.getByRole('button', { name: 'Annuler' }).click();

    // Next year's campaign (seeded, not current): 'Rendre courante' asks; Annuler changes nothing.
    const suivante = lignes.filter({ hasText: `Campagne ${String(annee + 1)}` });
    await suivante.getByRole('button', { name: 'Rendre courante' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Changer de campagne courante' });
    await expect(confirmation).toContainText(`« ${libelleCourante} » ne le sera plus`);
    await page.screenshot({ path: `${SHOTS}/campagne-rendre-courante-${String(largeur)}.png` });
    await confirmation.getByRole('button', { name: 'Annuler' }).click();
    await expect(courante.locator('td').first()).toHaveText(libelleCourante);
  });

  test("l'assistant : badge du panier, date hors campagne refusée sur la carte, suppression d'une carte validée confirmée, Finaliser une seule fois", async ({
    page,
    request,
  }) => {
    const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
    // From the directory's end: programmation.spec takes them from its beginning.
    const [a, b] = await reserverOperateursComte(api, 2, 'DESC');
    if (!a || !b) throw new Error('opérateurs introuvables');
    const { ouvre } = joursDeControle();
    const controleurs = await api.lire<{ content: { id: string; nom: string }[] }>(
      '/api/personne-physique/controleur?size=50',
    );
    const claire = controleurs.content.find((c) => c.nom === 'Vuillet');
    const init = await api.request.post('/api/tournee/initialise', {
      headers: api.headers,
      data: { controleurId: claire?.id },
    });
    expect(init.status()).toBe(200);
    const { id } = (await init.json()) as { id: string };
    const ajout = await api.request.post('/api/panier', {
      headers: api.headers,
      data: { personneMoraleIds: [a.personneMoraleId, b.personneMoraleId] },
    });
    expect(ajout.status()).toBe(200);

    const p = new ProgrammationPage(page);
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto(`/tournee/creation/${id}`);
    await expect(p.panier.getByRole('button', { name: 'Ajouter opérateur' })).toBeVisible({
      timeout: 30_000,
    });
    // The badges count the basket and the cards, and change at the deposit, before any call.
    const panier = badge(page, 'Panier des opérateurs');
    // The badge reads 0 until the basket has loaded: wait for the two operators put in it above.
    await expect
      .poll(async () => Number(await panier.innerText()), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const avant = Number(await panier.innerText());
    await expect(badge(page, 'Contrôles')).toHaveText('0');
    for (const o of [a, b]) {
      await p.panier.getByRole('textbox', { name: 'Raison sociale' }).fill(o.raisonSociale);
      await p.panier
        .getByRole('button', { name: `Déposer ${o.raisonSociale} dans les contrôles` })
        .click();
      await expect(p.carte(o.raisonSociale)).toBeVisible();
    }
    await expect(panier).toHaveText(String(avant - 2));
    await expect(badge(page, 'Contrôles')).toHaveText('2');
    const box = await panier.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(16);

    // A level for both; the first card dated 2099: refused on its date field.
    await p.controles.getByRole('button', { name: 'Saisie en lot des contrôles' }).click();
    await p.dialogue.getByLabel('Date').fill(ouvre);
    await p.dialogue.getByLabel('Heure').fill('09:00');
    await p.choisir(
      p.dialogue.getByRole('combobox', { name: 'Niveau de contrôle' }),
      'Supplémentaire terrain',
    );
    await p.dialogue.getByRole('button', { name: 'Valider' }).click();
    await expect(p.dialogue).toBeHidden();
    const carteA = p.carte(a.raisonSociale);
    await carteA.getByRole('button', { name: `Déplier ${a.raisonSociale}` }).click();
    await carteA.getByLabel(`Date du contrôle de ${a.raisonSociale}`).fill('2099-06-02');
    await p.suivant.click();
    await p.attendreToast('Erreur durant la création des contrôles');
    await expect(
      carteA.getByText(/^La date doit être dans la campagne Campagne \d{4}/),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/assistant-hors-campagne-${String(largeur)}.png` });
    await carteA.getByLabel(`Date du contrôle de ${a.raisonSociale}`).fill(ouvre);
    await p.suivant.click();
    for (const o of [a, b])
      await expect(p.carte(o.raisonSociale).getByText('Validé')).toBeVisible({ timeout: 45_000 });

    // The round's controls are this spec's (no other spec takes them on the device).
    const t = await api.lire<{ operateurs: { controles: { id: string }[] }[] }>(
      `/api/tournee/${id}`,
    );
    const ids = t.operateurs.flatMap((o) => o.controles.map((c) => c.id));
    reserver(
      ids.map((x) => ({ id: x })),
      ids.length,
    );

    // Deleting a validated card asks first; Annuler keeps it.
    await p
      .carte(b.raisonSociale)
      .getByRole('button', { name: `Supprimer le contrôle de ${b.raisonSociale}` })
      .click();
    const confirmation = page.getByRole('dialog', { name: 'Supprimer les contrôles' });
    await expect(confirmation).toContainText(`Les contrôles validés de ${b.raisonSociale}`);
    await page.screenshot({ path: `${SHOTS}/assistant-suppression-${String(largeur)}.png` });
    await confirmation.getByRole('button', { name: 'Annuler' }).click();
    await expect(p.carte(b.raisonSociale).getByText('Validé')).toBeVisible();

    // Step 3, then a double click on 'Finaliser': one success, no error.
    await p.suivant.click();
    const finaliser = page.getByRole('button', { name: 'Finaliser' });
    await expect(finaliser).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/assistant-etape3-${String(largeur)}.png` });
    await finaliser.dblclick();
    await p.attendreToast('La création de la tournée a été finalisée');
    await expect(page).toHaveURL(/\/tournee\?onglet=programmation$/);
    await expect(p.toast('Erreur durant la finalisation')).toHaveCount(0);
    const fin = await api.lire<{
      statut: string;
      operateurs: { operateur: { raisonSociale: string } }[];
    }>(`/api/tournee/${id}`);
    expect(fin.statut).toBe('ATTENTE_SYNCHRO');
  });
});
