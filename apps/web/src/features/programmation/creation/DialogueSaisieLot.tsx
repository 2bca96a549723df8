import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  LIBELLES_NIVEAU,
  LIBELLES_TOURNEE,
  MESSAGES_VALIDATION,
  NIVEAUX_CONTROLE,
  type NiveauControle,
} from '@estive/domain';
import { estDimanche, HEURE_PAR_DEFAUT } from './cartes';
import { ChampDate } from '../../../ui/ChampDate';

/**
 * 'Saisie en lot des controles' (spec part 1 §2, §5): a day, a time and the required 'Niveau de
 * contrôle', given to every card still 'À faire'. A Sunday is refused with the spec's message.
 */
export function DialogueSaisieLot({
  nombre,
  fermer,
  valider,
}: {
  nombre: number;
  fermer: () => void;
  valider: (lot: { jour: string; heure: string; niveau: NiveauControle }) => void;
}) {
  const [jour, setJour] = useState('');
  const [heure, setHeure] = useState(HEURE_PAR_DEFAUT);
  const [niveau, setNiveau] = useState<NiveauControle | null>(null);
  const [soumis, setSoumis] = useState(false);
  const erreurJour = estDimanche(jour)
    ? MESSAGES_VALIDATION.dimanche
    : soumis && !jour
      ? MESSAGES_VALIDATION.obligatoire
      : undefined;
  const erreurNiveau = soumis && !niveau ? MESSAGES_VALIDATION.obligatoire : undefined;
  return (
    <Modal opened onClose={fermer} title={LIBELLES_TOURNEE.saisieEnLot}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSoumis(true);
          if (jour && !estDimanche(jour) && niveau) valider({ jour, heure, niveau });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {nombre > 1
              ? `S'applique aux ${nombre} contrôles à faire.`
              : "S'applique au contrôle à faire."}
          </Text>
          <Group grow align="start">
            <ChampDate
              label="Date"
              withAsterisk
              value={jour}
              onChange={setJour}
              error={erreurJour}
            />
            <TextInput
              label="Heure"
              type="time"
              step={300}
              value={heure}
              onChange={(e) => setHeure(e.currentTarget.value)}
            />
          </Group>
          <Select
            label={LIBELLES_TOURNEE.niveauControle}
            withAsterisk
            data={NIVEAUX_CONTROLE.map((n) => ({ value: n, label: LIBELLES_NIVEAU[n] }))}
            value={niveau}
            onChange={(v) => setNiveau(v)}
            error={erreurNiveau}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={fermer}>
              {LIBELLES_TOURNEE.boutons.annuler}
            </Button>
            <Button type="submit">{LIBELLES_TOURNEE.boutons.valider}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
