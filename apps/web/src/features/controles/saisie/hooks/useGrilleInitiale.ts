import { useEffect, useState } from 'react';
import { db } from '../../../../offline/db';
import { construireGrille } from '../grille/construire';
import type { Grille } from '../grille/types';
import type { ControleSaisi } from '../types';

/** The visit's stored grid, or one built from the reference tables for a control not yet entered. */
export function useGrilleInitiale(controles: readonly ControleSaisi[]): Grille | null {
  const [grille, setGrille] = useState<Grille | null>(null);
  useEffect(() => {
    let actif = true;
    const stockee = controles.find((c) => c.grille)?.grille;
    void (stockee ? Promise.resolve(stockee) : construireGrille(db, controles)).then((g) => {
      if (actif) setGrille(g);
    });
    return () => {
      actif = false;
    };
  }, [controles]);
  return grille;
}
