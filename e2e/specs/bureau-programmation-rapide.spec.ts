import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { dateFr, joursDeControle, ProgrammationPage } from '../pages/ProgrammationPage';
import { reserverOperateursComte, type OperateurComte } from '../pages/operateursComte';
import { reserver } from '../pages/Reservations';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32 items 4 and 6, as the office uses them at 1280×800 and on a 1024 tablet: quick creation
 * has its screen; two visits of one controller less than an hour apart warn (on the same page, and
 * against his visits in other rounds); step 2's cards go in one request, refused as a whole with
 * each card's reason; and an answer lost after the server did the work is checked, not reported
 * as a failure.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32g';
mkdirSync(SHOTS, { recursive: true });

type Tournee = { id: string; operateurs: { controles: { id: string }[] }[] };

/** The round's controls are this spec's: no other spec takes them on a device. */
function reserverControles(t: Tournee) {
  const ids = t.operateurs.flatMap((o) => o.controles.map((c) => c.id));
  reserver(
    ids.map((id) => ({ id })),
    ids.length,
  );
}

async function claire(api: SessionApi): Promise<string> {
  const controleurs = await api.lire<{ content: { id: string; nom: string }[] }>(
    '/api/personne-physique/controleur?size=50',
  );
  const id = controleurs.content.find((c) => c.nom === 'Vuillet')?.id;
  if (!id) throw new Error('Claire Vuillet introuvable');
  return id;
}

const carteComplete = (o: OperateurComte, date: string) => ({
  personneMoraleId: o.personneMoraleId,
  date,
  controles: [
    {
      aopId: o.aopId,
      siteIds: [o.site.id],
      niveau: 'SUP_TERRAIN',
      activiteAopIgpIds: [o.activite.id],
      fichierIds: [],
    },
  ],
});

surChaqueEcranBureau(300_000, ({ largeur }) => {
  test('création rapide : contrôleur et opérateurs sur une page, même heure signalée, une requête, puis l’assistant', async ({
    page,
    request,
  }) => {
    const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
    const [a, b] = await reserverOperateursComte(api, 2, 'ASC', 500);
    if (!a || !b) throw new Error('opérateurs introuvables');
    const { ouvre } = joursDeControle();
    const p = new ProgrammationPage(page);
    await new ConnexionPage(page).connecterCompte('animateur');
    await p.ouvrir();
    await page.getByRole('button', { name: 'Création rapide' }).click();
    await expect(page).toHaveURL(/\/tournee\/creation-rapide$/);
    await expect(page.getByRole('heading', { name: 'Tournée - Création rapide' })).toBeVisible();

    // Nothing chosen: both parts say what is missing, nothing is sent.
    await page.getByRole('button', { name: 'Créer la tournée' }).click();
    await expect(page.getByRole('alert').getByText('Ce champ est obligatoire')).toBeVisible();
    await expect(
      page.getByRole('alert').getByText('Choisissez au moins un opérateur'),
    ).toBeVisible();

    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vuillet');
    await page.getByRole('radio', { name: 'Choisir Claire Vuillet' }).click();
    for (const o of [a, b]) {
      await page.getByRole('button', { name: 'Ajouter des opérateurs' }).click();
      await p.dialogue.getByRole('textbox', { name: 'Raison sociale' }).fill(o.raisonSociale);
      await expect(p.lignes(p.dialogue)).toHaveCount(1);
      await p.lignes(p.dialogue).getByRole('checkbox').click();
      await p.dialogue.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await expect(p.dialogue).toBeHidden();
      await expect(p.carte(o.raisonSociale)).toBeVisible();
    }

    // The same day and time for both: each card names the other visit.
    await page.getByRole('button', { name: 'Saisie en lot des contrôles' }).click();
    await p.dialogue.getByLabel('Date').fill(ouvre);
    await p.dialogue.getByLabel('Heure').fill('09:00');
    await p.choisir(
      p.dialogue.getByRole('combobox', { name: 'Niveau de contrôle' }),
      'Supplémentaire terrain',
    );
    await p.dialogue.getByRole('button', { name: 'Valider' }).click();
    await expect(p.dialogue).toBeHidden();
    await expect(p.carte(a.raisonSociale).getByRole('status')).toContainText(
      `Le contrôleur a une autre visite à la même heure : ${b.raisonSociale} le ${dateFr(ouvre)} à 09:00`,
    );
    await expect(p.carte(b.raisonSociale).getByText('Même heure', { exact: true })).toBeVisible();
    await page.screenshot({
      path: `${SHOTS}/rapide-meme-heure-${String(largeur)}.png`,
      fullPage: true,
    });

    // Two hours later for the second: no warning left.
    await p
      .carte(b.raisonSociale)
      .getByLabel(`Heure du contrôle de ${b.raisonSociale}`)
      .fill('11:00');
    await expect(p.carte(a.raisonSociale).getByText('Même heure', { exact: true })).toHaveCount(0);
    await expect(p.carte(b.raisonSociale).getByText('Même heure', { exact: true })).toHaveCount(0);

    const creation = page.waitForRequest((r) => r.url().endsWith('/api/tournee/creation-rapide'));
    await page.getByRole('button', { name: 'Créer la tournée' }).click();
    await creation;
    await p.attendreToast('Les contrôles ont été créés');
    await expect(page).toHaveURL(/\/tournee\/creation\/\d+$/);
    const id = /\/creation\/(\d+)$/.exec(page.url())?.[1] ?? '';
    for (const o of [a, b])
      await expect(p.carte(o.raisonSociale).getByText('Validé')).toBeVisible({ timeout: 45_000 });
    reserverControles(await api.lire<Tournee>(`/api/tournee/${id}`));
  });

  test("l'assistant : les cartes en une requête (refus entier, raison sur la carte), visite d'une autre tournée signalée, réponse perdue vérifiée", async ({
    page,
    request,
  }) => {
    const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
    const [a, b, ailleurs] = await reserverOperateursComte(api, 3, 'DESC', 500);
    if (!a || !b || !ailleurs) throw new Error('opérateurs introuvables');
    const { ouvre, dimanche } = joursDeControle();
    const controleurId = await claire(api);
    // Another round of the same controller with a visit at 14:00 that day.
    const autre = await api.request.post('/api/tournee/creation-rapide', {
      headers: api.headers,
      data: { controleurId, operateurControles: [carteComplete(ailleurs, `${ouvre}T14:00`)] },
    });
    expect(autre.status()).toBe(200);
    reserverControles((await autre.json()) as Tournee);
    const init = await api.request.post('/api/tournee/initialise', {
      headers: api.headers,
      data: { controleurId },
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
    for (const o of [a, b]) {
      await p.panier.getByRole('textbox', { name: 'Raison sociale' }).fill(o.raisonSociale);
      await p.panier
        .getByRole('button', { name: `Déposer ${o.raisonSociale} dans les contrôles` })
        .click();
      await expect(p.carte(o.raisonSociale)).toBeVisible();
    }
    await p.controles.getByRole('button', { name: 'Saisie en lot des contrôles' }).click();
    await p.dialogue.getByLabel('Date').fill(ouvre);
    await p.dialogue.getByLabel('Heure').fill('14:30');
    await p.choisir(
      p.dialogue.getByRole('combobox', { name: 'Niveau de contrôle' }),
      'Supplémentaire terrain',
    );
    await p.dialogue.getByRole('button', { name: 'Valider' }).click();
    await expect(p.dialogue).toBeHidden();
    const carteA = p.carte(a.raisonSociale);
    const carteB = p.carte(b.raisonSociale);
    await carteA.getByRole('button', { name: `Déplier ${a.raisonSociale}` }).click();
    // The visit of the other round, 30 minutes before, is named on the card.
    await expect(carteA.getByRole('status')).toContainText(
      `${ailleurs.raisonSociale} le ${dateFr(ouvre)} à 14:00`,
    );
    await carteA.getByLabel(`Heure du contrôle de ${a.raisonSociale}`).fill('08:00');

    // A Sunday on the second card: the server refuses the lot, nothing is created.
    await carteB.getByRole('button', { name: `Déplier ${b.raisonSociale}` }).click();
    await carteB.getByLabel(`Date du contrôle de ${b.raisonSociale}`).fill(dimanche);
    await carteB.getByLabel(`Heure du contrôle de ${b.raisonSociale}`).fill('10:00');
    await p.suivant.click();
    await p.attendreToast('Erreur durant la création des contrôles');
    await expect(carteB.getByText('Contrôle impossible le dimanche').first()).toBeVisible();
    await expect(p.toast('Les contrôles ont été créés')).toHaveCount(0);
    await expect(carteA.getByText('Validé')).toHaveCount(0);
    const refusee = await api.lire<Tournee>(`/api/tournee/${id}`);
    expect(refusee.operateurs.flatMap((o) => o.controles)).toHaveLength(0);

    // The answer lost after the server did the work: the page checks the round and says so.
    await carteB.getByLabel(`Date du contrôle de ${b.raisonSociale}`).fill(ouvre);
    let envois = 0;
    await page.route('**/api/tournee/*/ajoute-lot', async (route) => {
      envois += 1;
      const reponse = await route.fetch();
      expect(reponse.status()).toBe(200);
      await route.abort('timedout');
    });
    await p.suivant.click();
    await p.attendreToast(
      "Le serveur n'a pas répondu à temps, mais la tournée relue montre les contrôles créés.",
    );
    for (const carte of [carteA, carteB])
      await expect(carte.getByText('Validé')).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: `${SHOTS}/assistant-reponse-perdue-${String(largeur)}.png` });
    expect(envois).toBe(1);
    await page.unroute('**/api/tournee/*/ajoute-lot');
    const creee = await api.lire<Tournee>(`/api/tournee/${id}`);
    expect(creee.operateurs.flatMap((o) => o.controles)).toHaveLength(2);
    reserverControles(creee);
  });
});
