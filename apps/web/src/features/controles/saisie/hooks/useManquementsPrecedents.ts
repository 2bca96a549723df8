import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../../offline/db';
import { lireManquementsPrecedents } from '../etat/manquementsPrecedents';
import type { ControleSaisi, ManquementPrecedent } from '../types';

/**
 * The visit's previous shortcomings, live: a sync that brings new or lifted shortcomings of the
 * operator updates steps 1 and 3 while the form is open. Until the first read, the controls'
 * own `dernierManquements` (what the server sent with them).
 */
export function useManquementsPrecedents(
  controles: readonly ControleSaisi[],
): readonly ManquementPrecedent[] {
  const envoyes = useMemo(() => controles.flatMap((c) => c.dernierManquements), [controles]);
  return useLiveQuery(() => lireManquementsPrecedents(db, controles), [controles]) ?? envoyes;
}
