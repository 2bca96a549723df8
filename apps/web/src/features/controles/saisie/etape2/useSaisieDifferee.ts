import { useEffect, useRef, useState } from 'react';

/** Spec part 2 §9: exploitation values are sent 300 ms after the last keystroke. */
export const DELAI_VALEUR_EXPLOITATION_MS = 300;

/**
 * A text input's own state, sent to the grid after a pause: typing stays instant while the
 * formula cascade runs once per pause. A value changed from outside (a formula) is adopted.
 */
export function useSaisieDifferee(valeur: string, envoyer: (v: string) => void, delai = DELAI_VALEUR_EXPLOITATION_MS) {
  const [texte, setTexte] = useState(valeur);
  const envoi = useRef(envoyer);
  const minuterie = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    envoi.current = envoyer;
  });
  useEffect(() => {
    setTexte(valeur);
  }, [valeur]);
  useEffect(() => () => clearTimeout(minuterie.current), []);
  const changer = (v: string) => {
    setTexte(v);
    clearTimeout(minuterie.current);
    minuterie.current = setTimeout(() => envoi.current(v), delai);
  };
  return [texte, changer] as const;
}
