import { lazy, Suspense, useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack, Stepper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { db } from '../../../offline/db';
import { useSession } from '../../auth/session';
import { Chargement } from '../../../ui/Chargement';
import { AideSaisie } from './AideSaisie';
import { DialoguesGrille, type DialogueOuvert } from './dialogues/DialoguesGrille';
import { EnteteSaisie } from './EnteteSaisie';
import { Etape1Informations } from './etape1/Etape1Informations';
import { Etape2Points } from './etape2/Etape2Points';
import { Etape3PlanProgres } from './etape3/Etape3PlanProgres';
import {
  changerDateVisite,
  ControleIntrouvableError,
  enregistrerBrouillon,
} from './etat/enregistrement';
import { etapeCliquable, etatInitial, saisieReducer, type EtatSaisie } from './etat/saisieReducer';
import { resultatAop, validerGrille } from './grille/moteur';
import type { Grille, PointGrille } from './grille/types';
import { useActionsGrille } from './hooks/useActionsGrille';
import { useAutosave } from './hooks/useAutosave';
import { useGrilleInitiale } from './hooks/useGrilleInitiale';
import type { SyntheseAop } from './syntheseVide';
import type { ControleSaisi, OperateurSaisi } from './types';

// Step 4 brings the PDF engine: loaded only when the controller gets there.
const Etape4 = lazy(() => import('./etape4/Etape4Synthese'));

type Synthese = Record<string, SyntheseAop>;
type Etat = EtatSaisie<Grille, Synthese>;

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
  const navigate = useNavigate();
  const { principal } = useSession();
  const ids = useMemo(() => controles.map((c) => c.id), [controles]);
  const [etat, dispatch] = useReducer(saisieReducer<Grille, Synthese>, undefined, (): Etat =>
    etatInitial(
      grilleInitiale,
      (controles[0].synthese as Synthese | null) ?? {},
      controles[0].etapeSaisie ?? 1,
    ),
  );
  const courant = useRef(etat);
  courant.current = etat;
  const actions = useActionsGrille(
    dispatch,
    useCallback(() => courant.current.grille, []),
  );
  const [date, setDate] = useState(controles[0].date);
  const [aide, setAide] = useState(false);
  const [dialogue, setDialogue] = useState<DialogueOuvert>(null);
  const [enregistrement, setEnregistrement] = useState(false);

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

  /** Writes the draft on every control of the visit; `silencieux` for autosaves. */
  const enregistrer = useCallback(
    async (silencieux: boolean, e: Etat = courant.current) => {
      try {
        const resultats = Object.fromEntries(
          controles.map((c) => [c.aopIgp.id, resultatAop(e.grille, c.aopIgp.id)]),
        );
        await enregistrerBrouillon(db, ids, {
          grille: e.grille,
          synthese: e.synthese,
          etape: e.etape,
          resultats,
        });
        if (courant.current === e) dispatch({ type: 'enregistre' });
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
    [controles, ids],
  );
  useAutosave(
    etat.modifie,
    useCallback(() => enregistrer(true), [enregistrer]),
  );

  const allerA = (etape: number) => {
    const suivant = saisieReducer(etat, { type: 'etape', etape });
    dispatch({ type: 'etape', etape });
    void enregistrer(true, suivant);
  };
  const suivant = () => {
    // Step 4 requires the grid validation (spec part 2 §4).
    if (etat.etape === 3 && !validerGrille(etat.grille).valide) {
      dispatch({ type: 'grilleInvalide' });
      notifications.show({
        color: 'red',
        message: "Des éléments de la grille de saisie n'ont pas été renseignés",
      });
      return;
    }
    allerA(etat.etape + 1);
  };
  const finaliser = async () => {
    await enregistrer(true);
    if (!validerGrille(etat.grille).valide) {
      notifications.show({
        color: 'red',
        title: 'Le contrôle ne peut pas être finalisé',
        message: 'Merci de compléter les éléments manquants',
      });
      return;
    }
    const { finaliserVisite } = await import('./etape4/finaliser');
    await finaliserVisite({
      controles,
      grille: etat.grille,
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

  const precedents = useMemo(
    () => controles.flatMap((c) => c.dernierManquements ?? []),
    [controles],
  );
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
      />
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
          <Etape1Informations
            controles={controles}
            operateur={operateur}
            date={date}
            onModifierDate={modifierDate}
          />
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
            grille={etat.grille}
            extranet={principal?.extranetEnabled ?? false}
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
          <Etape3PlanProgres
            manquements={etat.grille.manquements}
            precedents={precedents}
            onChange={actions.onManquement}
          />
        </Stepper.Step>
        <Stepper.Step label="Synthèse de l'audit" allowStepSelect={false}>
          <Suspense fallback={<Chargement />}>
            <Etape4
              controles={controles}
              grille={etat.grille}
              synthese={etat.synthese}
              onSyntheseChange={(s: Synthese) => dispatch({ type: 'synthese', synthese: s })}
              formulaireValide={validerGrille(etat.grille).valide}
            />
          </Suspense>
        </Stepper.Step>
      </Stepper>
      <AideSaisie ouvert={aide} onFermer={() => setAide(false)} />
      <DialoguesGrille
        dialogue={dialogue}
        grille={etat.grille}
        onFermer={() => setDialogue(null)}
        onManquement={actions.onManquement}
      />
    </Stack>
  );
}
