import { alerteStockage } from './messages';

/** Spec part 2 §9: the warning appears when 2 MB or less of the storage quota remain. */
export const SEUIL_ALERTE_STOCKAGE_OCTETS = 2 * 1024 * 1024;

const OCTETS_PAR_MO = 1024 * 1024;
/** Free space asked for: Chrome gives an origin a share of the free disk, others less. */
const REQUIS_OCTETS = { chrome: 4 * 1024 ** 3, autre: 20 * 1024 ** 3 } as const;

export interface EstimationStockage {
  quota?: number;
  usage?: number;
}

/**
 * The low-storage warning of spec part 2 §8, or null when there is room. A browser that does not
 * tell its quota gets no warning: the missing megabytes would be a guess.
 */
export function alerteStockageSiBesoin(
  estimation: EstimationStockage,
  chrome: boolean,
): string | null {
  if (estimation.quota === undefined) return null;
  const restant = Math.max(0, estimation.quota - (estimation.usage ?? 0));
  if (restant > SEUIL_ALERTE_STOCKAGE_OCTETS) return null;
  const requis = chrome ? REQUIS_OCTETS.chrome : REQUIS_OCTETS.autre;
  return alerteStockage((requis - restant) / OCTETS_PAR_MO, chrome);
}
