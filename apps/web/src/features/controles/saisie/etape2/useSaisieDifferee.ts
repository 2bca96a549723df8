import { useEffect, useRef, useState } from 'react';

/** Spec part 2 §9: exploitation values are sent 300 ms after the last keystroke. */
export const DELAI_VALEUR_EXPLOITATION_MS = 300;

/**
 * A text input's own state, sent to the grid after a pause: typing stays instant while the
 * formula cascade runs once per pause. A value changed from outside (a formula) is adopted.
 */
export function useSaisieDifferee(
  valeur: string,
  envoyer: (v: string) => void,
  delai = DELAI_VALEUR_EXPLOITATION_MS,
) {
  const [texte, setTexte] = useState(valeur);
  const envoi = useRef(envoyer);
  const minuterie = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    envoi.current = envoyer;
  });
  useEffect(() => {
    setTexte(valeur);
  }, [valeur]);
  // Leaving the tab unmounts the row: a value typed in the last pause is sent, not lost.
  const enAttente = useRef<{ v: string } | null>(null);
  useEffect(
    () => () => {
      clearTimeout(minuterie.current);
      if (enAttente.current) envoi.current(enAttente.current.v);
    },
    [],
  );
  // A page hidden or closed within the pause sends the value first: these capture listeners run
  // before the form's autosave flush (a bubbling listener on the same target), which writes it.
  useEffect(() => {
    const vider = () => {
      if (!enAttente.current) return;
      clearTimeout(minuterie.current);
      const { v } = enAttente.current;
      enAttente.current = null;
      envoi.current(v);
    };
    const surVisibilite = () => {
      if (document.visibilityState === 'hidden') vider();
    };
    document.addEventListener('visibilitychange', surVisibilite, { capture: true });
    window.addEventListener('pagehide', vider, { capture: true });
    return () => {
      document.removeEventListener('visibilitychange', surVisibilite, { capture: true });
      window.removeEventListener('pagehide', vider, { capture: true });
    };
  }, []);
  const changer = (v: string) => {
    setTexte(v);
    clearTimeout(minuterie.current);
    enAttente.current = { v };
    minuterie.current = setTimeout(() => {
      enAttente.current = null;
      envoi.current(v);
    }, delai);
  };
  return [texte, changer] as const;
}
