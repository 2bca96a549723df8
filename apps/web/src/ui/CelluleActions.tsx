import { ActionIcon, Group, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** One button of the cell: its accessible name says which row it acts on. */
interface Action {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * A table row's last cell: edit it, and delete (or remove) it in red. Icons only, so each
 * button's name carries the row's label for screen readers and tests.
 */
export function CelluleActions({ modifier, supprimer }: { modifier: Action; supprimer: Action }) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={modifier.label}
          disabled={modifier.disabled}
          onClick={modifier.onClick}
        >
          <IconPencil size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={supprimer.label}
          disabled={supprimer.disabled}
          onClick={supprimer.onClick}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Table.Td>
  );
}
