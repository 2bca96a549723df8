import { Button, Group } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { LIBELLES_TOURNEE, peutCreerInopine } from '@estive/domain';
import { droitActif, useSession } from '../../../offline/session/session';
import { BoutonSynchro } from '../../synchro';

/** 'Créer un contrôle inopiné' (ODG or ODG_REFERENTE right with a SIRET), recap, sync. */
export function BarreOutils({ surRecapitulatif }: { surRecapitulatif: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Group gap="xs" wrap="wrap">
      {peutCreerInopine(droitActif(session)) && (
        <Button
          mih={44}
          leftSection={<IconPlus size={18} />}
          onClick={() => void navigate('/tournee/creation_ino')}
        >
          Créer un contrôle inopiné
        </Button>
      )}
      <Button
        mih={44}
        variant="default"
        leftSection={<IconListDetails size={18} />}
        onClick={surRecapitulatif}
      >
        {LIBELLES_TOURNEE.recapitulatif}
      </Button>
      <BoutonSynchro completDes="md" />
    </Group>
  );
}
