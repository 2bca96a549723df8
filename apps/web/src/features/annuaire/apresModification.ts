import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After a person's change is saved (morale or physique): its card and the search list are read
 * again, so neither shows the old values, the user is told, and the card is shown.
 */
export function useApresModification(genre: 'morale' | 'physique', id: string) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: [`fiche-${genre}`, id] });
    await client.invalidateQueries({ queryKey: [`personne-${genre}`] });
    notifications.show({ message: `La personne ${genre} a bien été modifiée`, autoClose: 5000 });
    void navigate(`/recherche/${genre}/${id}`);
  };
}
