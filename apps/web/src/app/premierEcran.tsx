import { useEffect } from 'react';
import { createStore, useStore } from '../lib/store';

/**
 * Whether the first page is on screen. What the page does not need — the header's tools (menus,
 * the perimeter's select, tooltips: floating-ui and Mantine's combobox) and the dialogs' provider —
 * waits for it: on a weak mobile link their thirty-odd files would otherwise share the six
 * connections and the bandwidth with the sign-in page (issue 29 item 6). Every screen the router
 * can show marks it: each route's page, the unknown address's page and the temporary password's.
 */
const premierEcran = createStore(false);

const marquerPremierEcran = (): void => premierEcran.set(true);

export const usePremierEcran = (): boolean => useStore(premierEcran);

/** Placed beside a page inside its Suspense: mounted once the page itself is. */
export function PremierEcranAffiche(): null {
  useEffect(marquerPremierEcran, []);
  return null;
}
