import { rmSync } from 'node:fs';

/** Removes this run's throwaway database (see dossierDonnees in playwright.config.ts). */
export default function globalTeardown(): void {
  const dossier = process.env.E2E_RUN_DATA_DIR;
  if (dossier) rmSync(dossier, { recursive: true, force: true });
}
