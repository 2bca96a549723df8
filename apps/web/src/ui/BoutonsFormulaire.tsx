import { Button, Group } from '@mantine/core';

/** The end of a form: « Annuler », then its submit button, which spins while the form is sent. */
export function BoutonsFormulaire({
  annuler,
  enCours,
  libelle = 'Enregistrer',
}: {
  annuler: () => void;
  enCours: boolean;
  libelle?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={annuler}>
        Annuler
      </Button>
      <Button type="submit" loading={enCours}>
        {libelle}
      </Button>
    </Group>
  );
}
