import { useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LIBELLES_TOURNEE, MESSAGES_SYNCHRO, MESSAGES_TOURNEE } from '@estive/domain';
import { estErreurReseau, toastErreurFormulaire } from '../../../lib/api';
import { estEnLigne } from '../../../offline/connectivity';
import { droitActif, useSession } from '../../../offline/session/session';
import { creerInopineServeur } from './api';
import type { OperateurAnnuaire } from '../types';
import { donneesSynchronisees, creerInopineLocal } from './enregistrement';
import { FormulaireInopine } from './FormulaireInopine';
import { journaliserEchecInopine } from './journal';
import { champFormulaire, type ValeursInopine } from './schema';
import { TableOperateurs } from './TableOperateurs';

/**
 * 'Tournée inopinée - Création' (spec part 1 §2): pick a habilitated operator, fill the draft,
 * and the controls are created on the device (offline first), then the entry form opens.
 */
export default function CreationInopinePage() {
  const navigate = useNavigate();
  const session = useSession();
  const synchronisees = useLiveQuery(donneesSynchronisees, []);
  const [operateur, setOperateur] = useState<OperateurAnnuaire | null>(null);

  // Back where the user came from; straight to the rounds when the page was opened directly.
  const retour = () => void (window.history.length > 1 ? navigate(-1) : navigate('/tournee'));

  const valider = async (valeurs: ValeursInopine, setError: UseFormSetError<ValeursInopine>) => {
    const droit = droitActif(session);
    if (!operateur || !droit) return;
    const clientUuids = valeurs.appellations.map(() => crypto.randomUUID());
    try {
      let serveur: { ids?: string[]; versions?: number[]; numerosRapport?: string[] } = {};
      if (estEnLigne()) {
        try {
          serveur = await creerInopineServeur(valeurs, operateur.id, clientUuids);
        } catch (erreur) {
          // Without a network the device creates alone; a refusal of the server is the user's to fix.
          if (!estErreurReseau(erreur)) throw erreur;
        }
      }
      const ids = await creerInopineLocal(valeurs, operateur, droit, { clientUuids, ...serveur });
      notifications.show({ color: 'green', message: MESSAGES_TOURNEE.inopineCree });
      void navigate(`/controle/saisie?ids=${ids.join(',')}`);
    } catch (erreur) {
      // Server field errors land on the form's own fields: champFormulaire maps the server's
      // names onto them, a string the compiler cannot tie to a Path of ValeursInopine.
      const formulaire = {
        setError: ((champ, e) =>
          setError(champFormulaire(champ), e)) as UseFormSetError<ValeursInopine>,
      };
      toastErreurFormulaire(erreur, formulaire, MESSAGES_TOURNEE.erreurInopine);
      await journaliserEchecInopine(erreur);
    }
  };

  return (
    <Stack>
      <Title order={2}>{LIBELLES_TOURNEE.titreInopine}</Title>
      {synchronisees === undefined ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : !synchronisees ? (
        <Alert color="orange" title={MESSAGES_SYNCHRO.synchroniserAvant}>
          <Button mt="sm" mih={44} variant="default" onClick={() => void navigate('/tournee')}>
            {LIBELLES_TOURNEE.boutons.retour}
          </Button>
        </Alert>
      ) : operateur ? (
        <FormulaireInopine
          operateur={operateur}
          surChangerOperateur={() => setOperateur(null)}
          surValider={valider}
          surAnnuler={retour}
        />
      ) : (
        <Stack>
          <TableOperateurs surChoix={setOperateur} />
          <Button variant="default" mih={44} style={{ alignSelf: 'flex-end' }} onClick={retour}>
            {LIBELLES_TOURNEE.boutons.annuler}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
