import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES_TOURNEE } from '@estive/domain';
import { api, ApiError } from '../../../lib/api';
import {
  ajouterControles,
  ajouterControlesEnLot,
  CLE_TOURNEE,
  finaliserTournee,
  lireInformations,
  lireTournee,
  lireVisitesControleur,
  retirerDuPanier,
  sauvegarderTournee,
  supprimerControles,
} from '../api';
import { issueIncertaine, MESSAGES_DELAI } from '../commun/issueIncertaine';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import type { InformationsOperateur, Tournee } from '../types';
import {
  alertesMemeHeure,
  appliquerLot,
  erreursDeCarte,
  erreursDuLot,
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
  // What long work is doing, shown while it runs; and what could not be verified after it.
  const [travail, setTravail] = useState<string | null>(null);
  const [incertain, setIncertain] = useState<string | null>(null);
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

  // The controller's visits elsewhere: a card less than an hour from one of them warns.
  const visites = useQuery({
    queryKey: ['visites-controleur', tournee.id, tournee.controleurId],
    queryFn: () => lireVisitesControleur(tournee.id),
    enabled: tournee.controleurId !== null,
  });
  const alertes = alertesMemeHeure(cartes, visites.data?.visites ?? []);

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

  /**
   * Step 2 'Suivant': every card 'A faire' in one request (issue 32 item 6) — all created, or none
   * and each card's reasons. Without an answer the round is read again to say which.
   */
  const creerControles = () =>
    avec(async () => {
      const envoyees = aFaire();
      const ids = new Set(envoyees.map((c) => c.personneMoraleId));
      const reussi = (t: Tournee, message: string) => {
        recevoir(t);
        setLocales((l) => l.filter((c) => !ids.has(c.personneMoraleId)));
        setErreurs({});
        notifierSucces(message);
      };
      setIncertain(null);
      setTravail(
        `Création des contrôles de ${String(envoyees.length)} opérateur${envoyees.length > 1 ? 's' : ''} en cours…`,
      );
      try {
        reussi(
          await ajouterControlesEnLot(tournee.id, envoyees.map(versPayload)),
          MESSAGES_TOURNEE.controlesCrees,
        );
      } catch (e) {
        if (!issueIncertaine(e)) {
          const fieldErrors = e instanceof ApiError ? (e.corps?.fieldErrors ?? []) : [];
          setErreurs(erreursDuLot(fieldErrors, envoyees));
          notifierEchec(MESSAGES_TOURNEE.erreurCreationControles, e);
          return;
        }
        setTravail(MESSAGES_DELAI.verification);
        try {
          const relue = await lireTournee(tournee.id);
          const valides = new Set(
            relue.operateurs.filter((o) => o.valide).map((o) => o.operateur.id),
          );
          if (envoyees.every((c) => valides.has(c.personneMoraleId)))
            reussi(relue, MESSAGES_DELAI.controlesCreesApresDelai);
          else {
            recevoir(relue);
            notifierEchec(
              MESSAGES_TOURNEE.erreurCreationControles,
              new Error(MESSAGES_DELAI.aucunControleCree),
            );
          }
        } catch {
          setIncertain(MESSAGES_DELAI.inconnu);
        }
      } finally {
        setTravail(null);
        await client.invalidateQueries({ queryKey: [CLE_TOURNEE, tournee.id] });
      }
    });

  /**
   * Step 3 'Finaliser' (the planning and every avis de passage are produced: long for a big
   * round). Without an answer the round is read again: finalised, or not, is said. True when done.
   */
  const finaliser = async (): Promise<boolean> => {
    setOccupe(true);
    setIncertain(null);
    const n = tournee.operateurs.length;
    setTravail(
      `Finalisation de la tournée en cours : planning de contrôle et avis de passage de ${String(n)} opérateur${n > 1 ? 's' : ''}…`,
    );
    try {
      await finaliserTournee(tournee.id);
      notifierSucces(MESSAGES_TOURNEE.tourneeFinalisee);
      return true;
    } catch (e) {
      if (!issueIncertaine(e)) {
        notifierEchec(MESSAGES_TOURNEE.erreurFinalisationTournee, e);
        return false;
      }
      setTravail(MESSAGES_DELAI.verification);
      try {
        const relue = await lireTournee(tournee.id);
        if (relue.statut !== 'PREPARATION') {
          notifierSucces(MESSAGES_DELAI.finaliseeApresDelai);
          return true;
        }
        notifierEchec(
          MESSAGES_TOURNEE.erreurFinalisationTournee,
          new Error(MESSAGES_DELAI.nonFinalisee),
        );
      } catch {
        setIncertain(MESSAGES_DELAI.inconnu);
      }
      return false;
    } finally {
      setTravail(null);
      setOccupe(false);
    }
  };

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
    /** The same-hour warnings by card (issue 32 item 4). */
    alertes,
    travail,
    incertain,
    /** 'Vérifier': the round read again after an answer that never came. */
    verifier: () =>
      avec(async () => {
        setIncertain(null);
        await client.invalidateQueries({ queryKey: [CLE_TOURNEE, tournee.id] });
      }),
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
    finaliser,
    modifierValidee,
    supprimerCarte,
  };
}
export type Preparation = ReturnType<typeof usePreparation>;
