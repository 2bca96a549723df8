import { useEffect, useRef } from 'react';

/** Quiet period after the last change before the draft is written to the device. */
export const DELAI_AUTOSAVE_MS = 1500;

/**
 * A controller must never lose an afternoon of work: the draft is written to the device shortly
 * after each change, and at once when the tab is hidden or the page unloads (tablet put to
 * sleep, app switched) — the moments a browser may kill the page without warning.
 */
export function useAutosave(
  modifie: boolean,
  enregistrer: () => Promise<unknown>,
  /** Edits React has not rendered yet (a field flushed by the same pagehide): saved too. */
  enAttente: () => boolean = () => false,
  /** A synchronous copy, taken before the asynchronous save when the page goes. */
  secours: () => void = () => undefined,
): void {
  const dernier = useRef(enregistrer);
  const aFaire = useRef(modifie);
  const attente = useRef(enAttente);
  const copie = useRef(secours);
  useEffect(() => {
    copie.current = secours;
    dernier.current = enregistrer;
    aFaire.current = modifie;
    attente.current = enAttente;
  });

  useEffect(() => {
    if (!modifie) return;
    const minuterie = setTimeout(() => void dernier.current(), DELAI_AUTOSAVE_MS);
    return () => clearTimeout(minuterie);
  }, [modifie, enregistrer]);

  useEffect(() => {
    const vider = () => {
      if (!aFaire.current && !attente.current()) return;
      copie.current();
      void dernier.current();
    };
    const surVisibilite = () => {
      if (document.visibilityState === 'hidden') vider();
    };
    document.addEventListener('visibilitychange', surVisibilite);
    window.addEventListener('pagehide', vider);
    return () => {
      document.removeEventListener('visibilitychange', surVisibilite);
      window.removeEventListener('pagehide', vider);
    };
  }, []);
}
