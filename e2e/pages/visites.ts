import type { Page } from '@playwright/test';
import { lireTable, type Enregistrement } from './Idb';
import { reserverGroupe } from './Reservations';

/**
 * Reserves a programmed Comté control (one `retenir` accepts) and every control of its visit
 * (same operator, date and round) on the device: the Comté control comes first.
 */
export async function reserverVisiteComte(
  page: Page,
  retenir: (c: Enregistrement) => boolean = () => true,
): Promise<{ ids: string[]; comteId: string }> {
  const controles = await lireTable(page, 'controles');
  const aop = (c: Enregistrement) => c.aopIgp as { id: string; libelle: string };
  const visiteDe = (comte: Enregistrement) =>
    controles.filter(
      (c) =>
        c.personneMoraleId === comte.personneMoraleId &&
        c.date === comte.date &&
        c.tourneeId === comte.tourneeId,
    );
  const comtes = controles.filter(
    (c) => c.statut === 'PROGRAMME' && aop(c).libelle === 'Comté' && retenir(c),
  );
  const [premier] = reserverGroupe(
    comtes.map((c) => [c, ...visiteDe(c).filter((v) => v.id !== c.id)]),
  );
  const comte = premier!;
  return { ids: visiteDe(comte).map((c) => c.id), comteId: aop(comte).id };
}
