import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { postJson, toastErreurFormulaire } from '../../lib/api';

/** Adds a site to the operator; the device gets it at its next sync (the operator's version moves). */
export function AjoutSite({
  personneMoraleId,
  surAjout,
}: {
  personneMoraleId: string;
  surAjout: () => void;
}) {
  const [v, setV] = useState({ libelle: '', codePostal: '', ville: '' });
  const [envoi, setEnvoi] = useState(false);
  const champ = (cle: keyof typeof v, label: string) => (
    <TextInput
      label={label}
      value={v[cle]}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setV((x) => ({ ...x, [cle]: t }));
      }}
    />
  );
  return (
    <Group align="flex-end">
      {champ('libelle', 'Libellé du site')}
      {champ('codePostal', 'Code postal')}
      {champ('ville', 'Ville')}
      <Button
        loading={envoi}
        onClick={() => {
          setEnvoi(true);
          postJson(`/api/personne-morale/${personneMoraleId}/sites`, v)
            .then(() => {
              notifications.show({ message: 'Le site a bien été ajouté', autoClose: 5000 });
              setV({ libelle: '', codePostal: '', ville: '' });
              surAjout();
            })
            .catch((e: unknown) =>
              toastErreurFormulaire(e, undefined, "Le site n'a pas pu être ajouté"),
            )
            .finally(() => setEnvoi(false));
        }}
      >
        Ajouter un site
      </Button>
    </Group>
  );
}
