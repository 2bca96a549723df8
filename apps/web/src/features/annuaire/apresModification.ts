import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After a person's change is saved (morale or physique): its card and the search list are read
 * again, so neither shows the old values, the user is told, and the card is shown.
 */
export function useApresModification() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async (
    cles: { fiche: readonly unknown[]; liste: string },
    message: string,
    retour: string,
  ) => {
    await client.invalidateQueries({ queryKey: cles.fiche });
    await client.invalidateQueries({ queryKey: [cles.liste] });
    notifications.show({ message, autoClose: 5000 });
    void navigate(retour);
  };
}
