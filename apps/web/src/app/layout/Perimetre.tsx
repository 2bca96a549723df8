import { Group, Image, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { perimetreVisible, ROUTES, type RouteName } from '@estive/domain';
import { droitActif, useSession } from '../../offline/session/session';
import { useTelephone } from './telephone';
import { useChangerDroitActif } from './useChangerDroitActif';

/** The route of a path, the most specific first ('/tournee/creation_ino' before '/tournee/creation/:id?'). */
export function routeCourante(pathname: string): { name?: RouteName; avecParametres: boolean } {
  for (const route of [...ROUTES].sort((a, b) => b.path.length - a.path.length)) {
    const match = matchPath(route.path, pathname);
    if (match) {
      return {
        name: route.name,
        avecParametres: Object.values(match.params).some((v) => v !== undefined),
      };
    }
  }
  return { avecParametres: false };
}

/**
 * Spec part 1 §2 'Main layout': CNAOL chooses the perimeter where `perimetreVisible` allows it;
 * otherwise the ODG's logo (type ODG or ODG_REFERENTE with a SIRET and a logo) or its name.
 */
export function Perimetre() {
  const s = useSession();
  const { pathname } = useLocation();
  const changer = useChangerDroitActif();
  const [logoAbsent, setLogoAbsent] = useState(false);
  const telephone = useTelephone();
  const droit = droitActif(s);
  if (!s.principal || !droit) return null;
  const { name, avecParametres } = routeCourante(pathname);

  if (perimetreVisible(s.principal.roles, name, avecParametres)) {
    return (
      <Select
        aria-label="Périmètre"
        w={{ base: 170, lg: 280 }}
        searchable
        data={s.principal.droits.map((d) => ({ value: d.id, label: d.raisonSociale }))}
        value={droit.id}
        allowDeselect={false}
        onChange={(id) => id && changer(id)}
        nothingFoundMessage="Aucun résultat"
      />
    );
  }
  // The name is written out beside the logo, a logo alone is not readable by everyone; on
  // narrow screens the account menu names the active right.
  const nom = (
    <Text size="sm" fw={600} lineClamp={2} maw={200} visibleFrom="md" title={droit.raisonSociale}>
      {droit.raisonSociale}
    </Text>
  );
  // A phone's top bar has no room for the logo: the account menu names the active right.
  if (telephone) return null;
  if (droit.siret && droit.hasLogo && !logoAbsent) {
    return (
      <Group gap={6} wrap="nowrap">
        <Image
          src={`/api/organisme/${droit.odgId}/logo`}
          alt={droit.raisonSociale}
          title={droit.raisonSociale}
          h={{ base: 32, sm: 40 }}
          w="auto"
          maw={{ base: 64, sm: 120 }}
          fit="contain"
          onError={() => setLogoAbsent(true)}
        />
        {nom}
      </Group>
    );
  }
  return nom;
}
