import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  AFFICHAGE_PAR_DEFAUT,
  dateInitialeMesTournees,
  jourParis,
  type Affichage,
  type Jour,
} from '@estive/domain';
import { db, META } from '../../../offline/db';
import { lireMeta } from '../../../offline/sync/meta';
import { memoireParContenu } from '../../../lib/memoire';
import type { ControleTournee, OperateurAnnuaire } from '../types';
import { colonnes, grouperEnCartes, joursAvecControles } from './cartes';

/** Spec part 1 §9: the calendar regroups 300 ms after the last change of the local store. */
const DEBOUNCE_GROUPEMENT_MS = 300;

/**
 * Everything Mes tournées shows, read live from the device so the page works offline and follows
 * the sync: controls, the operators of the cards, and the day and view chosen.
 */
export function useMesTournees() {
  const controles = useLiveQuery((): Promise<ControleTournee[]> => db.controles.toArray(), []);
  // null once read and absent: the device has never been synchronised.
  const derniereSynchro = useLiveQuery(
    async () => (await lireMeta<string>(db, META.derniereSynchro)) ?? null,
    [],
  );
  const [jourChoisi, setJour] = useState<Jour | null>(null);
  const [affichage, setAffichage] = useState<Affichage>(AFFICHAGE_PAR_DEFAUT);
  const [stables] = useDebouncedValue(controles, DEBOUNCE_GROUPEMENT_MS);

  // The initial date waits for the first read of the store, then never moves on its own.
  const jour =
    jourChoisi ?? (controles ? dateInitialeMesTournees(controles, jourParis(new Date())) : null);
  useEffect(() => {
    if (jourChoisi === null && jour !== null) setJour(jour);
  }, [jourChoisi, jour]);

  const cartes = useMemo(() => grouperEnCartes(stables ?? controles ?? []), [stables, controles]);
  const jours = useMemo(() => joursAvecControles(controles ?? []), [controles]);
  const vue = useMemo(
    () => (jour ? colonnes(jour, affichage, cartes) : []),
    [jour, affichage, cartes],
  );

  const idsOperateurs = useMemo(
    () => [...new Set(vue.flatMap((c) => c.cartes.map((carte) => carte.personneMoraleId)))],
    [vue],
  );
  // A sync rewrites the directory 200 operators at a time, and each batch re-runs this query: the
  // same list comes back while the cards' operators are unchanged, so the page does not redraw
  // every card 36 times during a first sync.
  const garder = useMemo(() => memoireParContenu<OperateurAnnuaire[]>(), []);
  const trouves = useLiveQuery(
    async () => garder((await db.annuaire.bulkGet(idsOperateurs)).filter((o) => o !== undefined)),
    [idsOperateurs.join(',')],
  );
  const operateurs = useMemo(() => new Map((trouves ?? []).map((o) => [o.id, o])), [trouves]);

  return {
    chargement: controles === undefined || jour === null || derniereSynchro === undefined,
    jamaisSynchronise: derniereSynchro === null,
    jour,
    setJour,
    affichage,
    setAffichage,
    colonnes: vue,
    joursAvecControles: jours,
    operateurs,
  };
}
