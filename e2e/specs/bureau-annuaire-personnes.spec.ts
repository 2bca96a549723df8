import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { reserver } from '../pages/Reservations';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32 items 1 and 3, in chromium at 1280×800 and 1024×768: creating an operator whose SIRET
 * another ODG holds names that ODG and its labels, offers to write to CNAOL and to habilitate it
 * on one's own label (then its fiche opens), never a fiche that would spin; the natural persons'
 * tab lists the operators' contacts, each linked to its operator, filtered by operator and kind.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32d';
mkdirSync(SHOTS, { recursive: true });

interface Ligne {
  id: string;
  siret: string;
}
interface Existants {
  operateurs: { operateur: { id: string } | null }[];
}

/**
 * A habilitated operator of an ODG where the animateur holds no right, outside its first right's
 * perimeter, reserved for this case (the habilitation brings it in: a rerun takes another).
 */
async function operateurDUnAutreOdg(request: APIRequestContext) {
  const animateur = await SessionApi.ouvrir(request, 'animateur@estive.test');
  const { droits } = await animateur.lire<{ droits: { raisonSociale: string }[] }>(
    '/api/principal',
  );
  const cnaol = await SessionApi.ouvrir(request, 'cnaol@estive.test');
  const tous = await cnaol.lire<{ droits: { raisonSociale: string }[] }>('/api/principal');
  const autre = tous.droits.find((d) => !droits.some((a) => a.raisonSociale === d.raisonSociale));
  if (!autre) throw new Error('aucun ODG hors des droits de l’animateur');
  const chez = await SessionApi.ouvrir(
    request,
    'cnaol@estive.test',
    new RegExp(`^${autre.raisonSociale.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  const { content } = await chez.lire<{ content: Ligne[] }>(
    '/api/personne-morale?size=200&isHabilite=true',
  );
  const dehors: Ligne[] = [];
  for (const o of content) {
    const r = await animateur.lire<Existants>(
      `/api/personne-morale/recherche/existant?siret=${o.siret}`,
    );
    if (r.operateurs.length === 1 && r.operateurs[0]?.operateur === null) dehors.push(o);
    if (dehors.length >= 6) break;
  }
  const [choisi] = reserver(dehors.map((o) => ({ ...o, id: `operateur-${o.id}`, pm: o.id })));
  return { siret: choisi.siret, id: choisi.pm, odg: autre.raisonSociale };
}

surChaqueEcranBureau(240_000, ({ taille }) => {
  test('un SIRET d’un autre ODG : qui le détient, écrire au CNAOL, habiliter sur mon AOP-IGP', async ({
    page,
    request,
  }) => {
    const cible = await operateurDUnAutreOdg(request);
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/recherche/morale/creation');
    await page.getByLabel('Raison sociale').fill('Fromagerie en double');
    await page.getByLabel('Siret').fill(cible.siret);
    await page.getByLabel('Siret').blur();
    const dialogue = page.getByRole('dialog', { name: 'Opérateur existant' });
    await expect(dialogue.getByText('hors de votre périmètre')).toBeVisible({ timeout: 30_000 });
    await expect(dialogue.getByRole('listitem').filter({ hasText: cible.odg })).toBeVisible();
    await expect(dialogue.getByRole('button', { name: 'Ouvrir la fiche' })).toHaveCount(0);
    await expect(dialogue.getByRole('link', { name: 'Écrire au CNAOL' })).toHaveAttribute(
      'href',
      /^mailto:[^?]*cnaol@estive\.test.*SIRET/,
    );
    await page.screenshot({
      animations: 'disabled',
      path: `${SHOTS}/existant-ailleurs-${taille}.png`,
    });

    await dialogue.getByRole('button', { name: 'Habiliter sur mon AOP-IGP' }).click();
    // Nothing chosen: the server's field messages come under the fields.
    await dialogue.getByRole('button', { name: 'Habiliter', exact: true }).click();
    await expect(dialogue.getByText('Ce champ est obligatoire').first()).toBeVisible({
      timeout: 30_000,
    });
    await dialogue.getByRole('combobox', { name: 'AOP-IGP' }).click();
    await page.getByRole('option').first().click();
    // A MultiSelect's combobox is a hidden input: its visible box opens the list.
    await dialogue.locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option').first().click();
    await dialogue.getByLabel('Date de DI').fill('2026-03-02');
    await page.screenshot({
      animations: 'disabled',
      path: `${SHOTS}/existant-habiliter-${taille}.png`,
    });
    await dialogue.getByRole('button', { name: 'Habiliter', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/recherche/morale/${cible.id}$`), {
      timeout: 30_000,
    });
    // The fiche opens on Identité: the new habilitation is under its own tab.
    await page.getByRole('tab', { name: 'Habilitations' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Habilitations' }).getByText('En attente').first(),
    ).toBeVisible({ timeout: 30_000 });
    await page.screenshot({
      animations: 'disabled',
      path: `${SHOTS}/existant-fiche-${taille}.png`,
    });
  });

  test('les personnes physiques : les contacts des opérateurs, liés à leur fiche, filtrés', async ({
    page,
    request,
  }) => {
    const animateur = await SessionApi.ouvrir(request, 'animateur@estive.test');
    const { content } = await animateur.lire<{
      content: { nom: string; operateurs: { id: string; raisonSociale: string }[] }[];
    }>('/api/personne-physique?type=CONTACT&size=1&sort=nom,DESC');
    const [contact] = content;
    const [operateur] = contact?.operateurs ?? [];
    if (!contact || !operateur) throw new Error('aucun contact d’opérateur dans la démo');

    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/recherche');
    await page.getByRole('tab', { name: 'Personnes physiques' }).click();
    const table = page.getByRole('table', { name: 'Personnes physiques' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Nom', { exact: true }).fill(contact.nom);
    await page.getByLabel('Opérateur (nom ou SIRET)').fill(operateur.raisonSociale);
    // The filtered page, not the one before it: its first row is the contact.
    await expect(table.getByRole('row').nth(1)).toContainText(contact.nom, { timeout: 30_000 });
    const lien = table.getByRole('link', { name: operateur.raisonSociale }).first();
    await expect(lien).toBeVisible({ timeout: 30_000 });
    await expect(table.getByText('Contact', { exact: true }).first()).toBeVisible();
    await page.screenshot({
      animations: 'disabled',
      path: `${SHOTS}/physiques-contacts-${taille}.png`,
    });
    await lien.click();
    await expect(page).toHaveURL(/\/recherche\/morale\/\d+$/);
    await expect(page.getByRole('heading', { name: operateur.raisonSociale })).toBeVisible({
      timeout: 30_000,
    });

    await page.goto('/recherche');
    await page.getByRole('tab', { name: 'Personnes physiques' }).click();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Type' }).click();
    const option = page.getByRole('option', { name: "Personnes de l'ODG" });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue("Personnes de l'ODG");
    await expect(table.getByText('ODG', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(table.getByText('Contact', { exact: true })).toHaveCount(0);
  });
});
