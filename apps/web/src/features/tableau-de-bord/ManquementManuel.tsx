import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ManquementManuelRequest } from '@estive/contracts';
import {
  ETATS_MANQUEMENT,
  GRAVITES,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_GRAVITE,
  MESSAGES_VALIDATION,
  type EtatManquement,
  type Gravite,
} from '@estive/domain';
import { api, toastErreurServeur } from '../../lib/api';
import { RechercheServeur } from '../../ui/RechercheServeur';
import { chercherOperateurs, chercherPoints, lirePression } from './api';

type Choix = { id: string; libelle: string } | null;

/**
 * 'Nouveau manquement' (`POST /api/tdb/manquement/manuelle`): a shortcoming the office records
 * without a control (a document check, a report by the certifying body); journaled as MANUEL.
 */
function Formulaire({ fermer }: { fermer: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: pression } = useQuery({
    queryKey: ['tdb-pression', null],
    queryFn: () => lirePression(null),
  });
  const aops = [...new Map((pression?.lignes ?? []).map((l) => [l.aopIgpId, l.aopIgp]))].map(
    ([value, label]) => ({ value, label }),
  );
  const [aop, setAop] = useState<string | null>(null);
  const [operateur, setOperateur] = useState<Choix>(null);
  const [point, setPoint] = useState<Choix>(null);
  const [etat, setEtat] = useState<EtatManquement>('EN_COURS');
  const [gravite, setGravite] = useState<Gravite | null>(null);
  const [valeur, setValeur] = useState('');
  const [commentaire, setCommentaire] = useState('');
  const [infos, setInfos] = useState('');
  // Errors show once 'Créer' was pressed, then follow the fields as they are filled.
  const [tente, setTente] = useState(false);
  const manquants: Record<string, string> = {};
  if (!aop) manquants.aop = MESSAGES_VALIDATION.obligatoire;
  if (!operateur) manquants.operateur = MESSAGES_VALIDATION.obligatoire;
  if (!point) manquants.point = MESSAGES_VALIDATION.obligatoire;
  if (!gravite) manquants.gravite = MESSAGES_VALIDATION.obligatoire;
  const erreurs = tente ? manquants : {};
  const creer = useMutation({
    mutationFn: (corps: ManquementManuelRequest) =>
      api('POST /api/tdb/manquement/manuelle', { corps }),
    onSuccess: (m) => {
      void client.invalidateQueries({ queryKey: ['tdb-manquements'] });
      notifications.show({ color: 'green', message: 'Le manquement a été créé', autoClose: 5000 });
      fermer();
      void navigate(`/tdb/manquement/${m.id}`);
    },
    onError: (e) => toastErreurServeur(e),
  });
  const valider = () => {
    setTente(true);
    if (!aop || !operateur || !point || !gravite) return;
    creer.mutate({
      personneMoraleId: operateur.id,
      aopIgpId: aop,
      pointControleId: point.id,
      etat,
      gravite,
      valeur: valeur.trim() || null,
      commentaire: commentaire.trim() || null,
      informationsAuditeur: infos.trim() || null,
    });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label="AOP-IGP"
          data={aops}
          value={aop}
          onChange={(v) => {
            setAop(v);
            setOperateur(null);
            setPoint(null);
          }}
          error={erreurs.aop}
        />
        <RechercheServeur
          label="Opérateur"
          cle="manuel-operateurs"
          aopIgpId={aop}
          chercher={chercherOperateurs}
          libelle={(o) => `${o.raisonSociale} (${o.siret})`}
          value={operateur}
          onChange={setOperateur}
          error={erreurs.operateur ?? (aop ? undefined : MESSAGES_VALIDATION.selectionAop)}
        />
        <RechercheServeur
          label="Point de contrôle"
          cle="manuel-points"
          aopIgpId={aop}
          chercher={chercherPoints}
          libelle={(p) => `${p.code} ${p.libelle}`}
          value={point}
          onChange={setPoint}
          error={erreurs.point}
        />
        <TextInput
          label="Valeur"
          value={valeur}
          onChange={(e) => setValeur(e.currentTarget.value)}
        />
        <Select
          label="État"
          data={ETATS_MANQUEMENT.map((v) => ({ value: v, label: LIBELLES_ETAT_MANQUEMENT[v] }))}
          value={etat}
          onChange={(v) => setEtat(v ?? 'EN_COURS')}
          allowDeselect={false}
        />
        <Select
          label="Gravité"
          data={GRAVITES.map((v) => ({ value: v, label: LIBELLES_GRAVITE[v] }))}
          value={gravite}
          onChange={setGravite}
          error={erreurs.gravite}
        />
      </SimpleGrid>
      <Textarea
        label="Informations de l'auditeur"
        autosize
        minRows={2}
        maxLength={4000}
        value={infos}
        onChange={(e) => setInfos(e.currentTarget.value)}
      />
      <Textarea
        label="Commentaire"
        autosize
        minRows={2}
        maxLength={4000}
        value={commentaire}
        onChange={(e) => setCommentaire(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={fermer}>
          Annuler
        </Button>
        <Button loading={creer.isPending} onClick={valider}>
          Créer
        </Button>
      </Group>
    </Stack>
  );
}

export function ManquementManuel() {
  const [ouvert, setOuvert] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setOuvert(true)}>
        Nouveau manquement
      </Button>
      <Modal opened={ouvert} onClose={() => setOuvert(false)} title="Nouveau manquement" size="lg">
        {ouvert ? <Formulaire fermer={() => setOuvert(false)} /> : null}
      </Modal>
    </>
  );
}
