import { LIMITES_PUSH } from './synchro-push';

/** One control to push, measured: its JSON entry, and each of its files with its descriptor. */
export interface ControleAEnvoyer {
  id: string;
  /** UTF-8 bytes of the control's entry in the `data` part. */
  octetsData: number;
  fichiers: { id: string; octets: number; octetsDescripteur: number }[];
}

/** One request of a push: the controls it carries and the files sent with them. */
export interface LotPush {
  controles: string[];
  fichiers: string[];
}

/** Room kept under each limit for the JSON around the entries and the multipart framing. */
export const MARGE_LOT_OCTETS = 64 * 1024;

/** How a push is split beyond the server's limits. */
export interface OptionsLots {
  /**
   * A control with files travels alone (controls without files share a request): each request
   * the server acknowledges is one control done, so a link lost in the middle of a day's push
   * sends again only the control under way, never the reports already acknowledged
   * (docs/decisions.md, Sync: a push by control).
   */
  unControleAvecFichiersParLot?: boolean;
}

/**
 * Splits a push into requests under `LIMITES_PUSH` (docs/architecture.md §5 Limits), by file count
 * and by bytes (whole request and `data` part), so any backlog syncs. A control travels with its
 * files; one whose files do not fit a single request is sent again with each further share of them
 * (the server answers DOUBLON for the control and attaches the files). A control whose own entry is
 * over the `data` limit cannot be sent: it goes alone, last, so that the others have gone before.
 */
export function decouperEnLots(
  controles: readonly ControleAEnvoyer[],
  limites: { octets: number; fichiers: number; octetsData: number } = LIMITES_PUSH,
  { unControleAvecFichiersParLot = false }: OptionsLots = {},
): LotPush[] {
  const maxOctets = limites.octets - MARGE_LOT_OCTETS;
  const maxData = limites.octetsData - MARGE_LOT_OCTETS;
  type Lot = LotPush & { octets: number; data: number };
  const lots: Lot[] = [];
  const tropGros: LotPush[] = [];
  const vide = (): Lot => ({ controles: [], fichiers: [], octets: 0, data: 0 });
  let courant: Lot | undefined;
  const ouvrir = () => {
    const lot = vide();
    lots.push(lot);
    courant = lot;
    return lot;
  };
  // A lot that holds a control with files takes no other control (when asked).
  const seuls = new Set<Lot>();
  const partage = (lot: Lot, fichiers: number): boolean =>
    !seuls.has(lot) &&
    (!unControleAvecFichiersParLot || fichiers === 0 || lot.controles.length === 0);
  const tient = (lot: Lot, data: number, octets: number, fichiers: number): boolean =>
    lot.data + data <= maxData &&
    lot.octets + octets <= maxOctets &&
    lot.fichiers.length + fichiers <= limites.fichiers;
  const ajouter = (lot: Lot, data: number, octets: number) => {
    lot.data += data;
    lot.octets += octets;
  };

  for (const c of controles) {
    if (c.octetsData > maxData) {
      tropGros.push({ controles: [c.id], fichiers: [] });
      continue;
    }
    const data = c.octetsData + c.fichiers.reduce((s, f) => s + f.octetsDescripteur, 0);
    const octets = data + c.fichiers.reduce((s, f) => s + f.octets, 0);
    const lot =
      courant &&
      partage(courant, c.fichiers.length) &&
      tient(courant, data, octets, c.fichiers.length)
        ? courant
        : tient(vide(), data, octets, c.fichiers.length)
          ? ouvrir()
          : undefined;
    if (lot) {
      lot.controles.push(c.id);
      lot.fichiers.push(...c.fichiers.map((f) => f.id));
      ajouter(lot, data, octets);
      if (unControleAvecFichiersParLot && c.fichiers.length > 0) seuls.add(lot);
      continue;
    }
    // Its files do not fit one request: the control rides with each share of them.
    let part = ouvrir();
    part.controles.push(c.id);
    ajouter(part, c.octetsData, c.octetsData);
    for (const f of c.fichiers) {
      const poids = f.octets + f.octetsDescripteur;
      if (!tient(part, f.octetsDescripteur, poids, 1) && part.fichiers.length > 0) {
        part = ouvrir();
        part.controles.push(c.id);
        ajouter(part, c.octetsData, c.octetsData);
      }
      part.fichiers.push(f.id);
      ajouter(part, f.octetsDescripteur, poids);
    }
    if (unControleAvecFichiersParLot) seuls.add(part);
  }
  return [...lots.map(({ controles: cs, fichiers }) => ({ controles: cs, fichiers })), ...tropGros];
}
