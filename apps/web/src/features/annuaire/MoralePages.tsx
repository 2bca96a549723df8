import { useEffect, useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api, ApiError, toastErreurFormulaire } from '../../lib/api';
import { AttenteOuRefus } from '../../ui/AttenteOuRefus';
import { sansVides } from './api';
import { OperateurExistant, type Existants } from './OperateurExistant';
import { FormulaireMorale, MORALE_VIDE, type ValeursMorale } from './FormulaireMorale';
import { useApresModification } from './apresModification';

/** The body the API takes: SIRET without the spaces typed in groups, empty text as null. */
const corps = (v: ValeursMorale) => ({
  ...sansVides(v),
  raisonSociale: v.raisonSociale,
  siret: v.siret.replace(/\s/g, ''),
});

const AUCUN: { siret: string; existants: Existants } = {
  siret: '',
  existants: { operateurs: [], contactCnaol: [] },
};

/** Spec part 1 §2 'morale/creation', with the duplicate check by SIRET before the creation. */
export function CreationMoralePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [doublons, setDoublons] = useState(AUCUN);
  // The operator exists: the half-filled form is moot. It is unmounted first (its
  // unsaved-changes guard with it), then the fiche opens, without 'Quitter sans enregistrer ?'.
  const [fiche, setFiche] = useState<string | null>(null);
  useEffect(() => {
    if (fiche !== null) void navigate(`/recherche/morale/${fiche}`);
  }, [fiche, navigate]);
  const verifier = async (siret: string) => {
    const r = await api('GET /api/personne-morale/recherche/existant', { query: { siret } });
    setDoublons({ siret, existants: r });
    return r.operateurs.length > 0;
  };
  if (fiche !== null) return null;
  return (
    <Stack p="md">
      <Title order={2}>Création de personne morale</Title>
      <FormulaireMorale
        initial={MORALE_VIDE}
        libelleBouton="Créer"
        surAnnuler={() => void navigate('/recherche')}
        surSiretSaisi={(siret) => void verifier(siret).catch(() => undefined)}
        surValider={async (v, setError) => {
          const c = corps(v);
          try {
            if (/^\d{14}$/.test(c.siret) && (await verifier(c.siret))) return;
            const { id } = await api('POST /api/personne-morale', { corps: c });
            await client.invalidateQueries({ queryKey: ['personne-morale'] });
            notifications.show({ message: 'La personne morale a bien été créée', autoClose: 5000 });
            void navigate(`/recherche/morale/${id}`);
          } catch (e) {
            // Created meanwhile by someone else: the server's 409 opens the same prompt.
            if (e instanceof ApiError && e.status === 409 && (await verifier(c.siret))) return;
            toastErreurFormulaire(e, { setError }, "La personne morale n'a pas pu être créée");
          }
        }}
      />
      <OperateurExistant
        siret={doublons.siret}
        existants={doublons.existants}
        surFermer={() => setDoublons(AUCUN)}
        surOuvrir={setFiche}
      />
    </Stack>
  );
}

const texte = (v: string | null) => v ?? '';

/** Spec part 1 §2 'morale/{id}/modification'. */
export function ModificationMoralePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const apresModification = useApresModification('morale', id);
  const { data: f, error } = useQuery({
    queryKey: ['fiche-morale', id],
    queryFn: ({ signal }) => api('GET /api/fiche/morale/{id}', { params: { id }, signal }),
  });
  if (!f)
    return (
      <AttenteOuRefus
        erreur={error}
        objet="Opérateur"
        retour={{ chemin: '/recherche', libelle: "Retour à l'annuaire" }}
      />
    );
  const initial: ValeursMorale = {
    raisonSociale: f.raisonSociale,
    siret: f.siret,
    type: texte(f.type),
    ede: texte(f.ede),
    pac: texte(f.pac),
    adresse1: texte(f.adresse1),
    adresse2: texte(f.adresse2),
    codePostal: texte(f.codePostal),
    ville: texte(f.ville),
    telephone1: texte(f.telephone1),
    telephone2: texte(f.telephone2),
    mail: texte(f.mail),
    siteWeb: texte(f.siteWeb),
  };
  return (
    <Stack p="md">
      <Title order={2}>Modification de personne morale</Title>
      <FormulaireMorale
        initial={initial}
        libelleBouton="Enregistrer"
        surAnnuler={() => void navigate(`/recherche/morale/${id}`)}
        surValider={async (v, setError) => {
          try {
            await api('PATCH /api/personne-morale/{id}', { params: { id }, corps: corps(v) });
            await apresModification();
          } catch (e) {
            if (e instanceof ApiError && e.status === 409)
              setError('siret', { type: 'server', message: e.message });
            toastErreurFormulaire(e, { setError }, "La personne morale n'a pas pu être modifiée");
          }
        }}
      />
    </Stack>
  );
}
