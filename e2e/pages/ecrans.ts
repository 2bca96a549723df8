import { test } from '@playwright/test';

/** The office's screens the specs look at: a 1280×800 laptop and a 1024×768 tablet. */
export const ECRANS_BUREAU = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

export interface Ecran {
  /** `1280x800`, for screenshot names. */
  taille: string;
  largeur: number;
  /** The screen's rank (0, 1): a spec that needs data of its own per screen picks by it. */
  rang: number;
}

/**
 * Declares a spec's cases once per office screen, in a group named after it (`1280×800`) with
 * that viewport and the given timeout per case.
 */
export function surChaqueEcranBureau(timeout: number, cas: (ecran: Ecran) => void): void {
  for (const [rang, viewport] of ECRANS_BUREAU.entries()) {
    const { width: largeur, height: hauteur } = viewport;
    test.describe(`${String(largeur)}×${String(hauteur)}`, () => {
      test.use({ viewport });
      test.describe.configure({ timeout });
      cas({ taille: `${String(largeur)}x${String(hauteur)}`, largeur, rang });
    });
  }
}
