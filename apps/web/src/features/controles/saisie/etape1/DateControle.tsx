import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { dateCourte } from './affichage';

interface Props {
  date: string;
  onModifier: (date: string) => Promise<void>;
}

/** Sundays are refused (spec part 2 §5 'Control date'), judged in Paris like every business date. */
const estDimanche = (d: Date) => d.getDay() === 0;

/**
 * The control date and its Modifier button: the controller picks a day, then confirms with
 * 'Voulez-vous changer la date du contrôle ?' (Annuler / OK).
 */
export function DateControle({ date, onModifier }: Props) {
  const [ouvert, setOuvert] = useState(false);
  const [choix, setChoix] = useState<string | null>(null);
  const [enCours, setEnCours] = useState(false);
  const dimanche = choix !== null && estDimanche(new Date(choix));

  const confirmer = async () => {
    if (!choix || dimanche) return;
    setEnCours(true);
    try {
      await onModifier(choix);
      setOuvert(false);
    } finally {
      setEnCours(false);
    }
  };

  return (
    <Group gap="sm" wrap="nowrap">
      <IconCalendarEvent aria-hidden size={20} />
      <Text fw={600} data-testid="date-controle">
        {dateCourte(date)}
      </Text>
      <Button variant="light" size="sm" onClick={() => setOuvert(true)}>
        Modifier
      </Button>
      <Modal opened={ouvert} onClose={() => setOuvert(false)} title="Date du contrôle" centered>
        <Stack>
          <DatePickerInput
            label="Nouvelle date"
            value={choix}
            onChange={setChoix}
            excludeDate={(d) => estDimanche(new Date(d))}
            error={dimanche ? 'Contrôle impossible le dimanche' : undefined}
            valueFormat="DD/MM/YYYY"
          />
          <Text>Voulez-vous changer la date du contrôle ?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOuvert(false)}>
              Annuler
            </Button>
            <Button
              onClick={() => void confirmer()}
              disabled={!choix || dimanche}
              loading={enCours}
            >
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
