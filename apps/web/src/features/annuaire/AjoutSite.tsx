import { useState } from 'react';
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, toastErreurFormulaire } from '../../lib/api';

const VIDE = { libelle: '', codePostal: '', ville: '', adresse1: '', latitude: '', longitude: '' };

/**
 * Coordinates typed with a comma or a dot become numbers, empty is none; other text is `undefined`:
 * the field says so and the site is not sent (the body's schema takes numbers only).
 */
const coordonnee = (t: string): number | null | undefined => {
  const x = t.trim().replace(',', '.');
  if (x === '') return null;
  return Number.isFinite(Number(x)) ? Number(x) : undefined;
};
const NOMBRE_ATTENDU = 'Utilisez un nombre (45,76 ou 45.76)';
const corps = (v: typeof VIDE) => ({
  libelle: v.libelle,
  codePostal: v.codePostal,
  ville: v.ville,
  adresse1: v.adresse1.trim() === '' ? null : v.adresse1,
  latitude: coordonnee(v.latitude),
  longitude: coordonnee(v.longitude),
});

/** Adds a site to the operator; the device gets it at its next sync (the operator's version moves). */
export function AjoutSite({
  personneMoraleId,
  surAjout,
}: {
  personneMoraleId: string;
  surAjout: () => void;
}) {
  const [v, setV] = useState(VIDE);
  const [envoi, setEnvoi] = useState(false);
  /** The server's refusals, under their fields (postcode, coordinates out of range…). */
  const [refus, setRefus] = useState<Partial<Record<string, string>>>({});
  const envoye = corps(v);
  const illisible = (cle: 'latitude' | 'longitude') => envoye[cle] === undefined;
  const champ = (cle: keyof typeof v, label: string) => (
    <TextInput
      label={label}
      value={v[cle]}
      error={
        (cle === 'latitude' || cle === 'longitude') && illisible(cle)
          ? NOMBRE_ATTENDU
          : (refus[cle] ?? null)
      }
      onChange={(e) => {
        const t = e.currentTarget.value;
        setV((x) => ({ ...x, [cle]: t }));
        setRefus(({ [cle]: _corrige, ...reste }) => reste);
      }}
    />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} style={{ alignItems: 'end' }}>
      {champ('libelle', 'Libellé du site')}
      {champ('codePostal', 'Code postal')}
      {champ('ville', 'Ville')}
      {champ('adresse1', 'Adresse du site')}
      {champ('latitude', 'Latitude')}
      {champ('longitude', 'Longitude')}
      <Button
        loading={envoi}
        disabled={illisible('latitude') || illisible('longitude')}
        onClick={() => {
          setEnvoi(true);
          setRefus({});
          api('POST /api/personne-morale/{id}/sites', {
            params: { id: personneMoraleId },
            corps: envoye,
          })
            .then(() => {
              notifications.show({ message: 'Le site a bien été ajouté', autoClose: 5000 });
              setV(VIDE);
              surAjout();
            })
            .catch((e: unknown) =>
              toastErreurFormulaire(
                e,
                {
                  setError: (champ: string, { message }: { message?: string }) =>
                    setRefus((r) => ({ ...r, [champ]: message })),
                },
                "Le site n'a pas pu être ajouté",
              ),
            )
            .finally(() => setEnvoi(false));
        }}
      >
        Ajouter un site
      </Button>
    </SimpleGrid>
  );
}
