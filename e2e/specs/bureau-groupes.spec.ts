import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32, the groups of the directory as an animateur uses them, at 1280×800 and on a 1024
 * tablet: a double click creates one group, a second group of that name is refused on the field,
 * members are found by SIRET typed with spaces, by EDE and by PACAGE, and removing a member or
 * deleting the group asks first.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32b';
mkdirSync(SHOTS, { recursive: true });

interface Operateur {
  id: string;
  raisonSociale: string;
  siret: string;
  ede: string | null;
  pac: string | null;
}

/** Two operators of the perimeter with an EDE and a PACAGE, and a name no other bears. */
async function operateurs(api: SessionApi, decalage: number): Promise<[Operateur, Operateur]> {
  const r = await api.request.get('/api/personne-morale?size=400&sort=raisonSociale,ASC', {
    headers: api.headers,
  });
  expect(r.status()).toBe(200);
  const { content } = (await r.json()) as { content: Operateur[] };
  const parNom = new Map<string, number>();
  for (const o of content) parNom.set(o.raisonSociale, (parNom.get(o.raisonSociale) ?? 0) + 1);
  const bons = content.filter((o) => o.ede && o.pac && parNom.get(o.raisonSociale) === 1);
  const a = bons[decalage * 2];
  const b = bons[decalage * 2 + 1];
  if (!a || !b) throw new Error('la démo a des opérateurs avec EDE et PACAGE');
  return [a, b];
}

async function ouvrirGroupes(page: Page) {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await page.getByRole('tab', { name: 'Groupes' }).click();
  await expect(page.getByRole('button', { name: 'Créer le groupe' })).toBeVisible({
    timeout: 30_000,
  });
}

surChaqueEcranBureau(180_000, ({ largeur, rang }) => {
  test('un groupe : un double clic en crée un, un nom pris est refusé sur le champ, les membres se trouvent par SIRET, EDE et PACAGE, les suppressions demandent confirmation', async ({
    page,
    request,
  }) => {
    const api = await SessionApi.ouvrir(request, 'animateur@estive.test');
    const [a, b] = await operateurs(api, rang);
    await ouvrirGroupes(page);
    const nom = `Groupe e2e ${String(Date.now())} ${String(largeur)}`;
    const champ = page.getByRole('textbox', { name: 'Nouveau groupe' });

    // Empty: told on the field, nothing sent.
    await page.getByRole('button', { name: 'Créer le groupe' }).click();
    await expect(page.getByText('Ce champ est obligatoire')).toBeVisible();

    // A double click: one group.
    await champ.fill(nom);
    await page.getByRole('button', { name: 'Créer le groupe' }).dblclick();
    await expect(page.getByRole('heading', { name: `Membres du groupe ${nom}` })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('textbox', { name: 'Libellé' }).fill(nom);
    const groupes = page.getByRole('table', { name: 'Groupes' }).locator('tbody tr');
    await expect(groupes.filter({ hasText: nom })).toHaveCount(1);
    const liste = await api.request.get(`/api/groupe?libelle=${encodeURIComponent(nom)}`, {
      headers: api.headers,
    });
    expect(((await liste.json()) as { totalElements: number }).totalElements).toBe(1);

    // The same name again (other case): refused under the field.
    await champ.fill(nom.toUpperCase());
    await page.getByRole('button', { name: 'Créer le groupe' }).click();
    await expect(page.getByText('Un groupe de ce nom existe déjà')).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `${SHOTS}/groupes-doublon-${String(largeur)}.png` });

    // Members by SIRET with spaces, by EDE, by PACAGE.
    const ajouter = page.getByRole('combobox', { name: 'Ajouter un opérateur' });
    const membres = page.getByRole('table', { name: 'Membres' });
    const siret = a.siret.replace(/\s/g, '');
    const recherches: [Operateur, string][] = [
      [a, `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`],
      [b, b.ede ?? ''],
    ];
    for (const [o, q] of recherches) {
      await ajouter.fill(q);
      await page.getByRole('option', { name: new RegExp(`^${o.raisonSociale} —`) }).click();
      await expect(membres.getByRole('row').filter({ hasText: o.raisonSociale })).toBeVisible({
        timeout: 30_000,
      });
    }
    // A member is no longer offered: found by PACAGE, nothing left to add.
    await ajouter.fill(a.pac ?? '');
    await expect(page.getByText('Aucun résultat').first()).toBeVisible({ timeout: 30_000 });
    await ajouter.fill('');
    await page.screenshot({ path: `${SHOTS}/groupes-membres-${String(largeur)}.png` });

    // Removing a member asks first; Annuler keeps it.
    await page.getByRole('button', { name: `Retirer ${a.raisonSociale}` }).click();
    const dialogue = page.getByRole('dialog', { name: 'Retirer un membre' });
    await expect(dialogue).toContainText(`Retirer ${a.raisonSociale} du groupe ${nom} ?`);
    await dialogue.getByRole('button', { name: 'Annuler' }).click();
    await expect(membres.getByRole('row').filter({ hasText: a.raisonSociale })).toBeVisible();
    await page.getByRole('button', { name: `Retirer ${a.raisonSociale}` }).click();
    await dialogue.getByRole('button', { name: 'Retirer' }).click();
    await expect(membres.getByRole('row').filter({ hasText: a.raisonSociale })).toHaveCount(0, {
      timeout: 30_000,
    });

    // Deleting the group asks first, naming its members.
    await page.getByRole('button', { name: `Supprimer le groupe ${nom}` }).click();
    const suppression = page.getByRole('dialog', { name: 'Supprimer un groupe' });
    await expect(suppression).toContainText(`Supprimer le groupe ${nom} et son membre ?`);
    await page.screenshot({ path: `${SHOTS}/groupes-suppression-${String(largeur)}.png` });
    await suppression.getByRole('button', { name: 'Supprimer' }).click();
    await expect(groupes.filter({ hasText: nom })).toHaveCount(0, { timeout: 30_000 });
  });
});
