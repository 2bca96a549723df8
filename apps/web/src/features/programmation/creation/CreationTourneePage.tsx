import { Alert, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LIBELLES_TOURNEE, MESSAGES_TOURNEE, MESSAGES_VALIDATION } from '@estive/domain';
import { choisirDroitActif, droitActif, useSession } from '../../../offline/session/session';
import { Chargement } from '../../../ui/Chargement';
import { useModificationsNonEnregistrees } from '../../../ui/useModificationsNonEnregistrees';
import { CLE_TOURNEE, initialiserTournee, lireTournee, modifierControleur } from '../api';
import { notifierEchec, notifierSucces } from '../commun/notifications';
import { TableControleurs } from '../commun/TableControleurs';
import { TravailEnCours } from '../commun/TravailEnCours';
import type { Tournee } from '../types';
import { Etape2Preparation } from './Etape2Preparation';
import { Etape3Recapitulatif } from './Etape3Recapitulatif';
import { usePreparation } from './usePreparation';

const RETOUR_LISTE = '/tournee?onglet=programmation';

/** Steps 2 and 3, which need the round. */
function EtapesTournee({
  tournee,
  etape,
  setEtape,
  controleurId,
  signalerSansControleur,
}: {
  tournee: Tournee;
  etape: number;
  setEtape: (e: number) => void;
  controleurId: string | null;
  /** Step 1 is not done without a controller (spec part 1 §5): says so under the table. */
  signalerSansControleur: () => void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const p = usePreparation(tournee);
  const { alerte } = useModificationsNonEnregistrees(p.modifie);
  const modifier = useMutation({
    mutationFn: (id: string) => modifierControleur(tournee.id, id),
    onSuccess: (t) => {
      client.setQueryData([CLE_TOURNEE, tournee.id], t);
      notifierSucces(MESSAGES_TOURNEE.controleurModifieAssistant);
    },
    onError: (e) => notifierEchec(MESSAGES_TOURNEE.erreurControleurAssistant, e),
  });
  const changerControleur = controleurId !== null && controleurId !== tournee.controleurId;
  // A double click reaches here twice before React re-renders the button disabled: the second
  // call must not send a second 'finalise' (it answered an error after the success).
  const enCours = useRef(false);

  const suivant = async () => {
    if (enCours.current) return;
    enCours.current = true;
    try {
      await etapeSuivante();
    } finally {
      enCours.current = false;
    }
  };
  const etapeSuivante = async () => {
    if (etape === 0) {
      if (controleurId === null) {
        signalerSansControleur();
        return;
      }
      // A change the server refused leaves step 1 undone: the round keeps its controller.
      if (
        changerControleur &&
        !(await modifier.mutateAsync(controleurId).then(
          () => true,
          () => false,
        ))
      )
        return;
      setEtape(1);
    } else if (etape === 1) {
      if (p.cartes.some((c) => !c.valide)) await p.creerControles();
      else if (p.cartes.length > 0) setEtape(2);
    } else {
      if (await p.finaliser()) {
        await client.invalidateQueries({ queryKey: ['tournees-dashboard'] });
        void navigate(RETOUR_LISTE);
      }
    }
  };
  const occupe = p.occupe || modifier.isPending;
  return (
    <>
      {alerte}
      <TravailEnCours
        travail={p.travail}
        incertain={p.incertain}
        verifier={() => void p.verifier()}
      />
      {etape === 1 ? <Etape2Preparation p={p} /> : null}
      {etape === 2 ? <Etape3Recapitulatif tournee={tournee} /> : null}
      <Boutons
        etape={etape}
        edition
        occupe={occupe}
        sauvegarder={() => {
          if (etape === 0) {
            if (controleurId === null) signalerSansControleur();
            else if (changerControleur) modifier.mutate(controleurId);
          } else void p.sauvegarder();
        }}
        suivant={() => void suivant()}
      />
    </>
  );
}

function Boutons({
  etape,
  edition,
  occupe,
  sauvegarder,
  suivant,
}: {
  etape: number;
  edition: boolean;
  occupe: boolean;
  sauvegarder: () => void;
  suivant: () => void;
}) {
  const navigate = useNavigate();
  const b = LIBELLES_TOURNEE.boutons;
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={() => void navigate(RETOUR_LISTE)}>
        {b.annuler}
      </Button>
      {edition && etape < 2 ? (
        <Button variant="light" onClick={sauvegarder} disabled={occupe}>
          {b.sauvegarder}
        </Button>
      ) : null}
      <Button onClick={suivant} loading={occupe}>
        {etape === 2 ? b.finaliser : b.suivant}
      </Button>
    </Group>
  );
}

/**
 * 'Tournée - Création' (`tournee/creation/{id?}`, spec part 1 §2 and §4): 1 the controller, 2 the
 * basket and the control cards, 3 the recap, then 'Finaliser'. Without an id the active perimeter
 * is required; with one, the round is loaded and its perimeter becomes the active one.
 */
export default function CreationTourneePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const s = useSession();
  const droit = droitActif(s);
  const [etape, setEtape] = useState(id ? 1 : 0);
  const [controleurId, setControleurId] = useState<string | null>(null);
  const [erreurControleur, setErreurControleur] = useState(false);
  const tournee = useQuery({
    queryKey: [CLE_TOURNEE, id],
    queryFn: () => lireTournee(id ?? ''),
    enabled: !!id,
    retry: false,
  });
  const odgId = tournee.data?.odgId;
  // A round without a controller (older data, or his account taken away) reopens on step 1:
  // step 1 is not shown done, and the next steps cannot be reached, until one is chosen.
  const sansControleur = !!tournee.data && tournee.data.controleurId === null;
  useEffect(() => {
    if (sansControleur) setEtape(0);
  }, [sansControleur]);
  useEffect(() => {
    if (!odgId || droit?.odgId === odgId) return;
    const droitTournee = s.principal?.droits.find((d) => d.odgId === odgId);
    if (droitTournee) choisirDroitActif(droitTournee.id);
  }, [odgId, droit?.odgId, s.principal]);
  // The entry guard of the spec: a round that cannot be loaded cancels the navigation.
  const erreurChargement = tournee.isError ? tournee.error : null;
  useEffect(() => {
    if (erreurChargement) notifierEchec(MESSAGES_TOURNEE.erreurCreationTournee, erreurChargement);
  }, [erreurChargement]);
  const initialiser = useMutation({
    mutationFn: initialiserTournee,
    onSuccess: ({ id: nouveau }) => {
      notifierSucces(MESSAGES_TOURNEE.tourneeInitialisee);
      setEtape(1);
      void navigate(`/tournee/creation/${nouveau}`, { replace: true });
    },
    onError: (e) => notifierEchec(MESSAGES_TOURNEE.erreurCreationTournee, e),
  });

  if (!id && !droit) {
    return (
      <Stack p="md">
        <Alert color="yellow" title={LIBELLES_TOURNEE.titreCreation}>
          {MESSAGES_TOURNEE.perimetreCreation}
        </Alert>
      </Stack>
    );
  }
  if (tournee.isError) return <Navigate to={RETOUR_LISTE} replace />;
  if (id && !tournee.data) return <Chargement />;
  if (tournee.data && tournee.data.statut !== 'PREPARATION') {
    return <Navigate to={`/tournee/detail/${tournee.data.id}`} replace />;
  }
  const choisi = controleurId ?? tournee.data?.controleurId ?? null;
  const etapes = LIBELLES_TOURNEE.etapesCreation;
  return (
    <Stack p="md" gap="md">
      <Title order={2}>{LIBELLES_TOURNEE.titreCreation}</Title>
      <Stepper
        active={etape}
        onStepClick={setEtape}
        allowNextStepsSelect={!!id && !sansControleur}
        size="sm"
      >
        {etapes.map((libelle, i) => (
          <Stepper.Step
            key={libelle}
            label={libelle}
            allowStepSelect={i === 0 || (!!id && !sansControleur)}
          />
        ))}
      </Stepper>
      {etape === 0 ? (
        <Stack gap="xs">
          <TableControleurs
            choisi={choisi}
            choisir={(c) => {
              setControleurId(c.id);
              setErreurControleur(false);
            }}
          />
          {erreurControleur ? (
            <Text c="red" size="sm" role="alert">
              {MESSAGES_VALIDATION.obligatoire}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {tournee.data ? (
        <EtapesTournee
          tournee={tournee.data}
          etape={etape}
          setEtape={setEtape}
          controleurId={choisi}
          signalerSansControleur={() => setErreurControleur(true)}
        />
      ) : (
        <Boutons
          etape={0}
          edition={false}
          occupe={initialiser.isPending}
          sauvegarder={() => undefined}
          suivant={() => {
            if (choisi) initialiser.mutate(choisi);
            else setErreurControleur(true);
          }}
        />
      )}
    </Stack>
  );
}
