import { ActionIcon, Group, Indicator, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  AFFICHAGES as CODES_AFFICHAGE,
  estParmi,
  LIBELLES_TOURNEE,
  naviguer,
  type Affichage,
  type Jour,
} from '@estive/domain';

interface Props {
  jour: Jour;
  affichage: Affichage;
  joursAvecControles: ReadonlySet<Jour>;
  surJour: (jour: Jour) => void;
  surAffichage: (affichage: Affichage) => void;
}

const FORMAT_DATE_AFFICHEE = 'ddd D MMM YYYY';

const AFFICHAGES = [
  { value: 'WEEK', label: LIBELLES_TOURNEE.semaineTravail },
  { value: 'DAY', label: LIBELLES_TOURNEE.jour },
];

/** Previous/next arrows (7 days in week view, 1 in day view), a date picker with dots, the view. */
export function NavigationDate({
  jour,
  affichage,
  joursAvecControles,
  surJour,
  surAffichage,
}: Props) {
  const precedent = affichage === 'WEEK' ? 'Semaine précédente' : 'Jour précédent';
  const suivant = affichage === 'WEEK' ? 'Semaine suivante' : 'Jour suivant';
  return (
    <Group gap="xs" wrap="wrap">
      <ActionIcon
        size={44}
        variant="default"
        aria-label={precedent}
        onClick={() => surJour(naviguer(jour, affichage, -1))}
      >
        <IconChevronLeft />
      </ActionIcon>
      <DatePickerInput
        // The accessible name holds the visible date (WCAG 2.5.3, label in name).
        aria-label={`Date affichée : ${dayjs(jour).format(FORMAT_DATE_AFFICHEE)}`}
        value={jour}
        onChange={(v) => v && surJour(v)}
        valueFormat={FORMAT_DATE_AFFICHEE}
        leftSection={<IconCalendar size={18} />}
        size="md"
        w={210}
        renderDay={(date: string) => {
          const jourDuMois = Number(date.slice(8, 10));
          return (
            <Indicator size={6} color="blue" offset={-2} disabled={!joursAvecControles.has(date)}>
              <div>{jourDuMois}</div>
            </Indicator>
          );
        }}
      />
      <ActionIcon
        size={44}
        variant="default"
        aria-label={suivant}
        onClick={() => surJour(naviguer(jour, affichage, 1))}
      >
        <IconChevronRight />
      </ActionIcon>
      <SegmentedControl
        aria-label="Affichage"
        size="md"
        data={AFFICHAGES}
        value={affichage}
        onChange={(v) => {
          if (estParmi(CODES_AFFICHAGE, v)) surAffichage(v);
        }}
      />
    </Group>
  );
}
