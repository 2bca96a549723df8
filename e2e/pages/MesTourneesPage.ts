import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MOT_DE_PASSE } from './comptes';
import { Coquille } from './Coquille';

/** Mes tournées and the unannounced-inspection creation page. */
export class MesTourneesPage {
  readonly cartes: Locator;
  readonly creerInopine: Locator;
  readonly recapitulatif: Locator;
  readonly dialogue: Locator;

  constructor(readonly page: Page) {
    this.cartes = page.getByRole('article');
    this.creerInopine = page.getByRole('button', { name: 'Créer un contrôle inopiné' });
    this.recapitulatif = page.getByRole('button', { name: 'Récapitulatif des tournées' });
    this.dialogue = page.getByRole('dialog');
  }

  synchroniser(): Promise<void> {
    return new Coquille(this.page).synchroniser();
  }

  semaine(sens: 'précédente' | 'suivante'): Locator {
    return this.page.getByRole('button', { name: `Semaine ${sens}` });
  }

  async affichage(libelle: 'Semaine de travail' | 'Jour'): Promise<void> {
    await this.page.getByText(libelle, { exact: true }).click();
  }

  /** Picks options of a Mantine multi-select by its label. */
  async choisir(
    label: string | RegExp,
    options: (string | RegExp)[],
    dans: Locator | Page = this.page,
  ) {
    await dans.getByRole('combobox', { name: label }).click({ force: true });
    for (const o of options) await this.page.getByRole('option', { name: o }).first().click();
    await this.page.keyboard.press('Escape');
  }

  async premiereOption(label: string | RegExp, dans: Locator | Page = this.page): Promise<void> {
    await dans.getByRole('combobox', { name: label }).click({ force: true });
    await this.page.getByRole('option').first().click();
    await this.page.keyboard.press('Escape');
  }
}

/** The control feed serves at most 10 per call (DESIGN §5). */
const LOT = 10;

/** The server's view of the controller's controls, through the pull feed (as a device sees it). */
export async function controlesServeur(
  request: APIRequestContext,
  login: string,
): Promise<Record<string, unknown>[]> {
  const connexion = await request.post('/api/auth/login', {
    data: { login, password: MOT_DE_PASSE },
  });
  const { accessToken } = (await connexion.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const documents: Record<string, unknown>[] = [];
  let checkpoint: { id: string; lastSync: string } | null = null;
  for (;;) {
    const query = new URLSearchParams({ batchSize: String(LOT), ...(checkpoint ?? {}) });
    const reponse = await request.get(`/api/synchro/controle?${query}`, { headers });
    const lot = (await reponse.json()) as {
      documents: Record<string, unknown>[];
      checkpoint: { id: string; lastSync: string };
    };
    documents.push(...lot.documents);
    checkpoint = lot.checkpoint;
    if (lot.documents.length < LOT) return documents;
  }
}
