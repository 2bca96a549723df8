import { Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack, Stepper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { db } from '../../../offline/db';
import { useSession } from '../../../offline/session/session';
import { Chargement } from '../../../ui/Chargement';
import { AideSaisie } from './AideSaisie';
import { BandeauVerrou } from './BandeauVerrou';
import { LectureSeule } from './composants/LectureSeule';
import { type DialogueOuvert } from './dialogues/DialoguesGrille';
import { EnteteSaisie } from './EnteteSaisie';
import { Etape1Informations } from './etape1/Etape1Informations';
import { Etape2Points } from './etape2/Etape2Points';
import {
  changerDateVisite,
  ControleIntrouvableError,
  enregistrerBrouillon,
  type Brouillon,
} from './etat/enregistrement';
import { deposerSecours, retirerSecours } from './etat/secours';
import { etapeCliquable, etatInitial, saisieReducer, type EtatSaisie } from './etat/saisieReducer';
import { resultatAop, validerGrille, validerPlanProgres } from './grille/moteur';
import { DialoguesAbonnes, Etape3Abonnee, Etape4Abonnee } from './etat/etapesAbonnees';
import { creerStoreGrille } from './etat/storeGrille';
import { sansSignatures, verrouDe } from './etat/verrou';
import type { Grille, PointGrille } from './grille/types';
import { useActionsGrille } from './hooks/useActionsGrille';
import { useAutosave } from './hooks/useAutosave';
import { useGrilleInitiale } from './hooks/useGrilleInitiale';
import { useManquementsPrecedents } from './hooks/useManquementsPrecedents';
import type { SyntheseAop } from './etape4/synthese';
import type { ControleSaisi, OperateurSaisi } from './types';
import { at } from '@estive/domain';

type Synthese = Record<string, SyntheseAop>;
type Etat = EtatSaisie<Synthese>;

interface Props {
  controles: ControleSaisi[];
  operateur: OperateurSaisi;
}

export function SaisieVisite({ controles, operateur }: Props) {
  const grille = useGrilleInitiale(controles);
  if (!grille) return <Chargement />;
  return <Formulaire controles={controles} operateur={operateur} grilleInitiale={grille} />;
}

function Formulaire({ controles, operateur, grilleInitiale }: Props & { grilleInitiale: Grille }) {
  // A visit has at least one control (the page shows none otherwise).
  const premier = at(controles, 0);
  const navigate = useNavigate();
  const { principal } = useSession();
  const ids = useMemo(() => controles.map((c) => c.id), [controles]);
  // The grid lives in a store that step 2's rows subscribe to slice by slice (etat/storeGrille):
  // a keystroke re-renders its row, not this form.
  const [store] = useState(() => creerStoreGrille(grilleInitiale));
  // The grid last written to the device: a page hidden before React re-rendered the flags still
  // knows a grid edit is pending.
  const grilleEcrite = useRef(grilleInitiale);
  const [etat, dispatch] = useReducer(saisieReducer<Synthese>, undefined, (): Etat =>
    etatInitial(premier.synthese ?? {}, premier.etapeSaisie),
  );
  const courant = useRef(etat);
  courant.current = etat;
  // Only the draft flags follow grid edits here, and only when they change (once per autosave).
  useEffect(
    () =>
      store.subscribe(() => {
        const e = courant.current;
        if (!e.modifie || !e.edite || e.erreurGrille) dispatch({ type: 'grilleModifiee' });
      }),
    [store],
  );
  const actions = useActionsGrille(store);
  const [date, setDate] = useState(premier.date);
  const [aide, setAide] = useState(false);
  const [dialogue, setDialogue] = useState<DialogueOuvert>(null);
  const [enregistrement, setEnregistrement] = useState(false);
  // Signed: steps 1-3 read-only until the signatures are withdrawn. Finalised: all read-only, and
  // opening or browsing it writes nothing (no step change, no unsynced mark).
  const verrou = verrouDe(premier.statut, etat.synthese);
  const finalise = verrou === 'finalise';
  // Withdrawing signatures remounts step 4: its preview is made again, without them.
  const [retraits, setRetraits] = useState(0);

  const gravites = useMemo(
    () => new Map(controles.map((c) => [c.aopIgp.id, c.aopIgp.graviteColLabel])),
    [controles],
  );
  const onDetail = useCallback(
    (cle: { pointId: string; aopIgpId: string }) => setDialogue({ type: 'detail', cle }),
    [],
  );
  const onReference = useCallback(
    (point: PointGrille) => setDialogue({ type: 'reference', point }),
    [],
  );

  /** The draft as it stands: grid, synthesis, step and each label's result. */
  const brouillon = useCallback(
    (e: Etat = courant.current): Brouillon => {
      const grille = store.get();
      return {
        grille,
        synthese: e.synthese,
        etape: e.etape,
        resultats: Object.fromEntries(
          controles.map((c) => [c.aopIgp.id, resultatAop(grille, c.aopIgp.id)]),
        ),
        edite: e.edite || grille !== grilleInitiale,
      };
    },
    [controles, store, grilleInitiale],
  );

  /** Writes the draft on every control of the visit; `silencieux` for autosaves. */
  const enregistrer = useCallback(
    async (silencieux: boolean, e: Etat = courant.current) => {
      if (finalise) return true;
      try {
        // 'Enregistrer' pressed is a deliberate save (entry starts); autosaves while browsing
        // store only real edits, so viewing a control never makes it unsynced.
        const b = silencieux ? brouillon(e) : { ...brouillon(e), edite: true };
        await enregistrerBrouillon(db, ids, b);
        grilleEcrite.current = b.grille;
        retirerSecours(ids);
        // Edits made while writing keep the draft modified.
        if (courant.current === e && store.get() === b.grille) dispatch({ type: 'enregistre' });
        if (!silencieux)
          notifications.show({ color: 'green', message: 'Le contrôle a été sauvegardé' });
        return true;
      } catch (err) {
        notifications.show({
          color: 'red',
          title: 'Erreur durant la sauvegarde du contrôle',
          message:
            err instanceof ControleIntrouvableError || err instanceof Error
              ? err.message
              : String(err),
        });
        return false;
      }
    },
    [ids, store, brouillon, finalise],
  );
  useAutosave(
    etat.modifie,
    useCallback(() => enregistrer(true), [enregistrer]),
    useCallback(() => store.get() !== grilleEcrite.current, [store]),
    // Written synchronously when the page goes: an IndexedDB write may not outlive it.
    useCallback(() => deposerSecours(ids, brouillon()), [ids, brouillon]),
  );

  const allerA = (etape: number) => {
    const suivant = saisieReducer(etat, { type: 'etape', etape });
    dispatch({ type: 'etape', etape });
    void enregistrer(true, suivant);
  };
  const suivant = () => {
    // Step 4 requires the grid validation (spec part 2 §4).
    if (etat.etape === 3 && !validerGrille(store.get()).valide) {
      dispatch({ type: 'grilleInvalide' });
      notifications.show({
        color: 'red',
        message: "Des éléments de la grille de saisie n'ont pas été renseignés",
      });
      return;
    }
    // An invalid date or a negative delay in the progress plan holds step 3 (said at its field).
    const plan = etat.etape === 3 ? validerPlanProgres(store.get()) : null;
    if (plan?.message) {
      notifications.show({ color: 'red', message: plan.message });
      return;
    }
    allerA(etat.etape + 1);
  };
  const retirerSignatures = () => {
    dispatch({ type: 'synthese', synthese: sansSignatures(etat.synthese) });
    setRetraits((n) => n + 1);
    notifications.show({ color: 'blue', message: 'Les signatures ont été retirées' });
  };
  const finaliser = async () => {
    if (finalise) return;
    await enregistrer(true);
    const grille = store.get();
    const plan = validerPlanProgres(grille);
    if (!validerGrille(grille).valide || !plan.valide) {
      notifications.show({
        color: 'red',
        title: 'Le contrôle ne peut pas être finalisé',
        message: plan.message ?? 'Merci de compléter les éléments manquants',
      });
      return;
    }
    const { finaliserVisite } = await import('./etape4/finaliser');
    await finaliserVisite({
      controles,
      grille,
      synthese: etat.synthese,
      formulaireValide: true,
      naviguer: (chemin) => void navigate(chemin),
    });
  };
  const modifierDate = async (nouvelle: string) => {
    try {
      await changerDateVisite(db, ids, nouvelle);
      setDate(nouvelle);
      notifications.show({ color: 'green', message: 'La date du contrôle a été modifiée' });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Erreur durant la modification de la date de contrôle',
        message: err instanceof Error ? err.message : String(err),
      });
    }
  };

  const precedents = useManquementsPrecedents(controles);
  return (
    <Stack gap="md">
      <EnteteSaisie
        etape={etat.etape}
        enregistrement={enregistrement}
        onRetour={() => void enregistrer(true).then(() => navigate('/tournee'))}
        onInformations={() => setAide(true)}
        onEnregistrer={() => {
          setEnregistrement(true);
          void enregistrer(false).finally(() => setEnregistrement(false));
        }}
        onSuivant={suivant}
        onFinaliser={() => void finaliser()}
        lectureSeule={finalise}
      />
      <BandeauVerrou verrou={verrou} onRetirer={retirerSignatures} />
      <Stepper
        active={etat.etape - 1}
        onStepClick={(i) => etapeCliquable(i + 1, etat.etapeAtteinte) && allerA(i + 1)}
        size="sm"
        allowNextStepsSelect={false}
      >
        <Stepper.Step
          label="Informations générales"
          allowStepSelect={etapeCliquable(1, etat.etapeAtteinte)}
        >
          <LectureSeule actif={verrou !== 'libre'}>
            <Etape1Informations
              controles={controles}
              operateur={operateur}
              date={date}
              precedents={precedents}
              onModifierDate={modifierDate}
            />
          </LectureSeule>
        </Stepper.Step>
        <Stepper.Step
          label="Point de contrôle"
          allowStepSelect={etapeCliquable(2, etat.etapeAtteinte)}
          color={etat.erreurGrille ? 'red' : undefined}
          icon={etat.erreurGrille ? <IconAlertTriangle size={18} /> : undefined}
          completedIcon={etat.erreurGrille ? <IconAlertTriangle size={18} /> : undefined}
          data-erreur={etat.erreurGrille}
        >
          <Etape2Points
            store={store}
            extranet={principal?.extranetEnabled ?? false}
            lectureSeule={verrou !== 'libre'}
            gravites={gravites}
            onValeurExploitation={actions.onValeurExploitation}
            onIgnorerGroupe={actions.onIgnorerGroupe}
            onSaisie={actions.onSaisie}
            onDetail={onDetail}
            onReference={onReference}
          />
        </Stepper.Step>
        <Stepper.Step
          label="Plan de progrès"
          allowStepSelect={etapeCliquable(3, etat.etapeAtteinte)}
        >
          <LectureSeule actif={verrou !== 'libre'}>
            <Etape3Abonnee store={store} precedents={precedents} onChange={actions.onManquement} />
          </LectureSeule>
        </Stepper.Step>
        <Stepper.Step label="Synthèse de l'audit" allowStepSelect={false}>
          <Suspense fallback={<Chargement />}>
            <Etape4Abonnee
              key={retraits}
              lectureSeule={finalise}
              store={store}
              controles={controles}
              synthese={etat.synthese}
              onSyntheseChange={(s: Synthese) => dispatch({ type: 'synthese', synthese: s })}
            />
          </Suspense>
        </Stepper.Step>
      </Stepper>
      <AideSaisie ouvert={aide} onFermer={() => setAide(false)} />
      <DialoguesAbonnes
        store={store}
        dialogue={dialogue}
        onFermer={() => setDialogue(null)}
        onManquement={actions.onManquement}
      />
    </Stack>
  );
}
