import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  dateInitialeMesTournees,
  formaterHeure,
  jourParis,
  lundiDe,
  peutAnnuler,
  type StatutControle,
} from '@estive/domain';
import { MOT_DE_PASSE } from './comptes';
import { Coquille } from './Coquille';
import { lireTable, type Enregistrement } from './Idb';
import { reserverGroupe } from './Reservations';

const JOUR_MS = 86_400_000;

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

  /**
   * Reserves the earliest visit that can be cancelled and whose controls no other spec holds, shows
   * its week (offline: from the device's store), and returns its card. Cancelling 'the first
   * cancellable card' could cancel a control another spec had reserved and filled.
   */
  async reserverVisiteAnnulable(): Promise<{ carte: Locator; operateur: string; ids: string[] }> {
    const controles = (await lireTable(this.page, 'controles')) as (Enregistrement & {
      date: string;
      statut: StatutControle;
      personneMoraleId: string;
      tourneeId?: string | null;
    })[];
    // A card is the controls of one operator, status, instant and round (Mes tournées' grouping).
    const visites = new Map<string, typeof controles>();
    for (const c of controles
      .filter((c) => peutAnnuler(c.statut))
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))) {
      const cle = [c.personneMoraleId, c.statut, Date.parse(c.date), c.tourneeId ?? ''].join('|');
      visites.set(cle, [...(visites.get(cle) ?? []), c]);
    }
    const visite = reserverGroupe([...visites.values()]);
    const [premier] = visite;
    if (!premier) throw new Error('visite vide');
    const annuaire = await lireTable(this.page, 'annuaire');
    const operateur = annuaire.find((o) => o.id === premier.personneMoraleId)?.raisonSociale;
    if (typeof operateur !== 'string')
      throw new Error(`opérateur ${premier.personneMoraleId} absent`);

    const affichee = lundiDe(dateInitialeMesTournees(controles, jourParis(new Date())));
    const semaines = Math.round(
      (Date.parse(lundiDe(jourParis(premier.date))) - Date.parse(affichee)) / (7 * JOUR_MS),
    );
    for (let i = 0; i < semaines; i++) await this.semaine('suivante').click();
    const carte = this.page
      .getByRole('article', { name: `Contrôle de ${formaterHeure(premier.date)} — ${operateur}` })
      .filter({ has: this.page.getByRole('button', { name: 'Annuler' }) })
      .first();
    return { carte, operateur, ids: visite.map((c) => c.id) };
  }

  async premiereOption(label: string | RegExp, dans: Locator | Page = this.page): Promise<void> {
    await dans.getByRole('combobox', { name: label }).click({ force: true });
    await this.page.getByRole('option').first().click();
    await this.page.keyboard.press('Escape');
  }
}

/** The control feed serves at most 10 per call (docs/architecture.md §5). */
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
