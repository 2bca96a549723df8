import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconChecks,
  IconDeviceFloppy,
  IconInfoCircle,
} from '@tabler/icons-react';

interface Props {
  etape: number;
  enregistrement: boolean;
  onRetour: () => void;
  onInformations: () => void;
  onEnregistrer: () => void;
  onSuivant: () => void;
  onFinaliser: () => void;
  /** A finalised control: nothing to save or finalise, only browsing. */
  lectureSeule?: boolean;
}

interface BoutonProps {
  libelle: string;
  icone: ReactNode;
  iconesSeules: boolean;
  onClick: () => void;
  variant?: string;
  loading?: boolean;
}

/** On narrow screens the header buttons show their icon only (spec part 2 §2), labelled for AT. */
function Bouton({
  libelle,
  icone,
  iconesSeules,
  onClick,
  variant = 'default',
  loading,
}: BoutonProps) {
  if (iconesSeules)
    return (
      <Tooltip label={libelle}>
        <ActionIcon
          size={44}
          variant={variant}
          aria-label={libelle}
          onClick={onClick}
          loading={loading}
        >
          {icone}
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button variant={variant} leftSection={icone} onClick={onClick} loading={loading}>
      {libelle}
    </Button>
  );
}

/** Header buttons of the entry page: Retour, Informations, Enregistrer, Suivant or Finaliser. */
export function EnteteSaisie(p: Props) {
  const iconesSeules = useMediaQuery('(max-width: 48em)', false);
  const commun = { iconesSeules };
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Bouton
          {...commun}
          libelle="Retour"
          icone={<IconArrowLeft size={18} />}
          onClick={p.onRetour}
        />
        <Bouton
          {...commun}
          libelle="Informations"
          icone={<IconInfoCircle size={18} />}
          onClick={p.onInformations}
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!p.lectureSeule && (
          <Bouton
            {...commun}
            libelle="Enregistrer"
            icone={<IconDeviceFloppy size={18} />}
            onClick={p.onEnregistrer}
            loading={p.enregistrement}
            variant="light"
          />
        )}
        {p.etape < 4 ? (
          <Bouton
            {...commun}
            libelle="Suivant"
            icone={<IconArrowRight size={18} />}
            onClick={p.onSuivant}
            variant="filled"
          />
        ) : p.lectureSeule ? null : (
          <Bouton
            {...commun}
            libelle="Finaliser"
            icone={<IconChecks size={18} />}
            onClick={p.onFinaliser}
            variant="filled"
          />
        )}
      </Group>
    </Group>
  );
}
