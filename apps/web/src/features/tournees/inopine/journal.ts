import { api } from '../../../lib/api';
import { estEnLigne } from '../../../offline/connectivity';
import { db } from '../../../offline/db';

const CONTEXTE = 'creation-inopine';

/**
 * The failure of an unannounced creation is logged (spec part 1 §8): to the server when online
 * (POST /api/log), else into the device logs that the next sync pushes. Logging never throws.
 */
export async function journaliserEchecInopine(erreur: unknown): Promise<void> {
  const message =
    erreur instanceof Error
      ? `${erreur.name}: ${erreur.message}\n${erreur.stack ?? ''}`
      : String(erreur);
  try {
    if (estEnLigne()) {
      await api('POST /api/log', { corps: { context: CONTEXTE, message } });
      return;
    }
  } catch {
    // Falls through to the device logs.
  }
  try {
    await db.frontlogs.put({
      id: crypto.randomUUID(),
      source: CONTEXTE,
      logs: message,
      creation: new Date().toISOString(),
      sync: false,
    });
  } catch {
    // Nothing more can be done: the toast has told the user.
  }
}
