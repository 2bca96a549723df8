import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UtilisateurLigne } from '@estive/contracts';
import { toastErreurServeur } from '../../../lib/api';
import { donnerDroit, genreDroit, retirerDroit } from './api';

/**
 * The rights of an account (`/api/droits/morale|controlleur`): one per ODG. A right on the active
 * perimeter's ODG can be removed (the account keeps at least one); the CNAOL gives a right on any
 * ODG it holds a right on — the call names that right, so the server checks it like any other.
 */
export function DialogueDroits({
  compte,
  odgActifId,
  donnables,
  fermer,
}: {
  compte: UtilisateurLigne;
  odgActifId: string | undefined;
  /** ODGs the asker may give a right on, by the asker's right on each. */
  donnables: { droitId: string; odgId: string; label: string }[];
  fermer: () => void;
}) {
  const client = useQueryClient();
  const genre = genreDroit(compte.role);
  const [droits, setDroits] = useState(compte.droits);
  const [choix, setChoix] = useState<string | null>(null);
  const possibles = donnables.filter((o) => !droits.some((d) => d.odgId === o.odgId));

  const rafraichir = () => client.invalidateQueries({ queryKey: ['parametrage', 'comptes'] });
  const retirer = async (id: string) => {
    try {
      await retirerDroit(genre, id);
      setDroits((ds) => ds.filter((d) => d.id !== id));
      notifications.show({ color: 'green', message: 'Le droit a été retiré' });
      await rafraichir();
    } catch (e) {
      toastErreurServeur(e);
    }
  };
  const donner = async () => {
    const o = possibles.find((p) => p.odgId === choix);
    if (!o) return;
    try {
      const { id } = await donnerDroit(genre, compte.id, o.droitId);
      setDroits((ds) => [...ds, { id, odgId: o.odgId, raisonSociale: o.label }]);
      setChoix(null);
      notifications.show({ color: 'green', message: 'Le droit a été donné' });
      await rafraichir();
    } catch (e) {
      toastErreurServeur(e);
    }
  };

  return (
    <Modal opened onClose={fermer} title={`Droits de ${compte.prenom} ${compte.nom}`} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          Un droit ouvre au compte le périmètre d’un ODG (
          {genre === 'controlleur' ? 'contrôleur' : 'bureau'}).
        </Text>
        <Table aria-label="Droits du compte" withTableBorder>
          <Table.Tbody>
            {droits.map((d) => (
              <Table.Tr key={d.id} data-droit={d.raisonSociale}>
                <Table.Td>{d.raisonSociale}</Table.Td>
                <Table.Td w={120} ta="right">
                  {d.odgId === odgActifId ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={droits.length <= 1}
                      onClick={() => void retirer(d.id)}
                    >
                      Retirer
                    </Button>
                  ) : (
                    <Badge variant="light" color="gray">
                      autre ODG
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {possibles.length > 0 && (
          <Group align="flex-end">
            <Select
              flex={1}
              label="Donner un droit sur"
              placeholder="Choisir un ODG"
              data={possibles.map((o) => ({ value: o.odgId, label: o.label }))}
              value={choix}
              onChange={setChoix}
              searchable
            />
            <Button disabled={!choix} onClick={() => void donner()}>
              Donner le droit
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={fermer}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
