import { Image, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { perimetreVisible, ROUTES, type RouteName } from '@estive/domain';
import { droitActif, useSession } from '../../lib/session/session';
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
  if (droit.siret && droit.hasLogo && !logoAbsent) {
    return (
      <Image
        src={`/api/organisme/${droit.odgId}/logo`}
        alt={droit.raisonSociale}
        title={droit.raisonSociale}
        h={40}
        w="auto"
        maw={120}
        fit="contain"
        onError={() => setLogoAbsent(true)}
      />
    );
  }
  return (
    <Text size="sm" fw={600} lineClamp={2} maw={200} visibleFrom="md" title={droit.raisonSociale}>
      {droit.raisonSociale}
    </Text>
  );
}
