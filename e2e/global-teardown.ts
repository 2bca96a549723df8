import { rmSync } from 'node:fs';

/** Removes this run's throwaway database and reservations (see playwright.config.ts). */
export default function globalTeardown(): void {
  for (const dossier of [process.env.E2E_RUN_DATA_DIR, process.env.E2E_RESERVATIONS]) {
    if (dossier) rmSync(dossier, { recursive: true, force: true });
  }
}
