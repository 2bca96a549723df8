/**
 * Browser APIs the DOM types declare always present, which are not: outside a secure context
 * (plain http on a LAN), in older Safari, and in the unit tests' environment. Typed here as what
 * they are, so a caller has to handle their absence.
 */

/** The storage manager (quota estimate, persistent storage). */
export const gestionnaireStockage = (): StorageManager | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : 'storage' in navigator
      ? navigator.storage
      : undefined;

/** The Web Locks API (one token refresh, one sync at a time across tabs). */
export const verrousNavigateur = (): LockManager | undefined =>
  typeof navigator === 'undefined' ? undefined : 'locks' in navigator ? navigator.locks : undefined;
