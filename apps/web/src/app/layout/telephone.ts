import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone's width (below 600 px, spec part 1 §2 'narrow screens'): the top bar keeps the logo, the
 * sync button, the status and the account menu, which takes the other actions.
 */
export const REQUETE_TELEPHONE = '(max-width: 37.49em)';

export const useTelephone = (): boolean => useMediaQuery(REQUETE_TELEPHONE, false);
