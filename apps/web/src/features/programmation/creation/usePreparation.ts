import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES_TOURNEE } from '@estive/domain';
import { api, ApiError } from '../../../lib/api';
import {
  ajouterControles,
  CLE_TOURNEE,
  lireInformations,
  retirerDuPanier,
  sauvegarderTournee,
  supprimerControles,
} from '../api';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import type { InformationsOperateur, Tournee } from '../types';
import {
  appliquerLot,
  erreursDeCarte,
  fusionner,
  nouvelleCarte,
  remplacer,
  versPayload,
  type CarteControle,
} from './cartes';
import type { NiveauControle } from '@estive/domain';
import type { LignePanier } from './PanneauPanier';

type Erreurs = Record<string, Record<string, string>>;

const erreursServeur = (e: unknown): Record<string, string> =>
  e instanceof ApiError && (e.status === 400 || e.status === 412)
    ? erreursDeCarte(e.corps?.fieldErrors ?? [])
    : {};

/**
 * Step 2's state (spec part 1 §4 'Round creation wizard'): the cards (the round's, plus those
 * moved from the basket and not yet on the server), the basket shown beside them, the operators'
 * details the cards offer, and every action with its toasts.
 */
export function usePreparation(tournee: Tournee) {
  const client = useQueryClient();
  const [locales, setLocales] = useState<CarteControle[]>([]);
  const [erreurs, setErreurs] = useState<Erreurs>({});
  const [infosLocales, setInfosLocales] = useState<Record<string, InformationsOperateur>>({});
  const [occupe, setOccupe] = useState(false);
  // Local edits since the last save: leaving the step with some asks first (issue 32 item 5).
  const [versionLocale, setVersionLocale] = useState(0);
  const [versionSauvee, setVersionSauvee] = useState(0);
  const changerLocales: typeof setLocales = (maj) => {
    setLocales(maj);
    setVersionLocale((v) => v + 1);
  };
  const cartes = fusionner(tournee.operateurs, locales);

  const panier = useQuery({
    queryKey: ['panier', 'liste', tournee.odgId],
    queryFn: () => api('GET /api/panier', { query: { size: 2000 } }),
  });
  const surCartes = new Set(cartes.map((c) => c.personneMoraleId));
  const lignesPanier = (panier.data?.content ?? []).filter(
    (l) => !surCartes.has(l.personneMoraleId),
  );

  const idsServeur = tournee.operateurs.map((o) => o.operateur.id).sort();
  const infosServeur = useQuery({
    queryKey: ['informations', idsServeur],
    queryFn: () => lireInformations(idsServeur),
    enabled: idsServeur.length > 0,
  });
  const informations: Record<string, InformationsOperateur> = {
    ...infosServeur.data,
    ...infosLocales,
  };

  const recevoir = (t: Tournee) => client.setQueryData([CLE_TOURNEE, tournee.id], t);
  const modifierLocale = (carte: CarteControle) => changerLocales((l) => remplacer(l, carte));
  const avec = async (tache: () => Promise<void>) => {
    setOccupe(true);
    try {
      await tache();
    } finally {
      setOccupe(false);
    }
  };

  /** Basket → controls: the operators' details fetched, a card each, preselected. */
  const deposer = (lignes: LignePanier[]) =>
    avec(async () => {
      let parId: Record<string, InformationsOperateur>;
      try {
        parId = await lireInformations(lignes.map((l) => l.personneMoraleId));
      } catch (e) {
        notifierEchec(MESSAGES_TOURNEE.erreurCreationControles, e);
        return;
      }
      setInfosLocales((x) => ({ ...x, ...parId }));
      changerLocales((l) => [
        ...l,
        ...lignes.map((ligne) => nouvelleCarte(ligne, parId[ligne.personneMoraleId])),
      ]);
    });

  const supprimerDuPanier = (ligne: LignePanier) =>
    avec(async () => {
      try {
        await retirerDuPanier(ligne.personneMoraleId);
        notifierSucces(MESSAGES_TOURNEE.operateurSupprimePanier);
        await client.invalidateQueries({ queryKey: ['panier'] });
      } catch (e) {
        notifierEchec(MESSAGES_TOURNEE.erreurSuppressionPanier, e);
      }
    });

  const aFaire = () => cartes.filter((c) => !c.valide);
  const panierIds = (plus: string[] = []) => [
    ...lignesPanier.map((l) => l.personneMoraleId),
    ...plus,
  ];

  /** 'Sauvegarder' (and a card moved back): the basket and every card still 'A faire'. */
  const sauvegarder = (sans?: string) =>
    avec(async () => {
      try {
        const t = await sauvegarderTournee(tournee.id, {
          panierOperateurIds: panierIds(sans ? [sans] : []),
          operateurControles: aFaire()
            .filter((c) => c.personneMoraleId !== sans)
            .map(versPayload),
        });
        if (sans) setLocales((l) => l.filter((c) => c.personneMoraleId !== sans));
        else setVersionSauvee(versionLocale);
        recevoir(t);
        notifierSucces(MESSAGES_TOURNEE.tourneeSauvegardee);
        await client.invalidateQueries({ queryKey: ['panier'] });
      } catch (e) {
        notifierEchec(MESSAGES_TOURNEE.erreurSauvegardeTournee, e);
      }
    });

  /** Step 2 'Suivant': each card 'A faire' sent; those the server refuses keep its reasons. */
  const creerControles = () =>
    avec(async () => {
      let crees = 0;
      let premiereErreur: unknown = null;
      const nouvelles: Erreurs = {};
      for (const carte of aFaire()) {
        try {
          recevoir(await ajouterControles(tournee.id, versPayload(carte)));
          crees += 1;
          setLocales((l) => l.filter((c) => c.personneMoraleId !== carte.personneMoraleId));
        } catch (e) {
          premiereErreur ??= e;
          nouvelles[carte.personneMoraleId] = erreursServeur(e);
        }
      }
      setErreurs(nouvelles);
      if (crees > 0) notifierSucces(MESSAGES_TOURNEE.controlesCrees);
      if (premiereErreur) notifierEchec(MESSAGES_TOURNEE.erreurCreationControles, premiereErreur);
      await client.invalidateQueries({ queryKey: [CLE_TOURNEE, tournee.id] });
    });

  /** 'Modification des controles': a validated card sent again. */
  const modifierValidee = async (carte: CarteControle): Promise<boolean> => {
    try {
      recevoir(await ajouterControles(tournee.id, versPayload(carte)));
      setErreurs((x) => ({ ...x, [carte.personneMoraleId]: {} }));
      notifierSucces(MESSAGES_TOURNEE.controlesModifies);
      return true;
    } catch (e) {
      setErreurs((x) => ({ ...x, [carte.personneMoraleId]: erreursServeur(e) }));
      notifierEchec(MESSAGES_TOURNEE.erreurModificationControles, e);
      return false;
    }
  };

  /** A card 'A faire' is dropped locally; a validated one is deleted on the server. */
  const supprimerCarte = (carte: CarteControle) =>
    avec(async () => {
      if (!carte.valide) {
        setLocales((l) => l.filter((c) => c.personneMoraleId !== carte.personneMoraleId));
        return;
      }
      try {
        recevoir(await supprimerControles(tournee.id, carte.controleIds));
        notifierSucces(MESSAGES_TOURNEE.controlesSupprimes);
      } catch (e) {
        notifierEchec(MESSAGES_TOURNEE.erreurSuppressionControles, e);
      }
    });

  return {
    cartes,
    /** Cards edited here and neither saved nor sent yet. */
    modifie: locales.length > 0 && versionLocale !== versionSauvee,
    erreurs,
    informations,
    lignesPanier,
    chargementPanier: panier.isPending,
    occupe,
    modifierLocale,
    saisieEnLot: (lot: { jour: string; heure: string; niveau: NiveauControle }) =>
      changerLocales((l) => appliquerLot(cartes, lot).reduce(remplacer, l)),
    deposer,
    supprimerDuPanier,
    versPanier: (carte: CarteControle) => sauvegarder(carte.personneMoraleId),
    sauvegarder: () => sauvegarder(),
    creerControles,
    modifierValidee,
    supprimerCarte,
  };
}
export type Preparation = ReturnType<typeof usePreparation>;
