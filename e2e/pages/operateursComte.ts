import { reserver } from './Reservations';
import type { SessionApi } from './Synchro';

/** A Comté operator whose control card comes out complete once a level is given. */
export interface OperateurComte {
  /** Its claim in pages/Reservations.ts, the same in every spec that programmes operators. */
  id: string;
  personneMoraleId: string;
  raisonSociale: string;
  aopId: string;
  /** A site serving its appellation, and one of the appellation's activities. */
  site: { id: string };
  activite: { id: string };
}

interface Candidat {
  id: string;
  raisonSociale: string;
  aops: { id: string; libelle: string }[];
}
interface Informations {
  personneMoraleId: string;
  informations: {
    sites: { id: string; aopIds: string[] }[];
    appellations: { aopIgp: { id: string }; activites: { id: string }[] }[];
  };
}

/**
 * `n` Comté operators with one appellation, a site serving it and an activity, not in the
 * basket yet, whose name no other operator of the perimeter bears (the basket and the cards are
 * read by name although other specs fill the same basket), reserved (pages/Reservations.ts) so
 * that no other spec programmes them meanwhile. `ordre`: the specs read the directory from
 * either end, so that they seldom want the same ones.
 */
export async function reserverOperateursComte(
  api: SessionApi,
  n: number,
  ordre: 'ASC' | 'DESC',
  examines = 300,
): Promise<OperateurComte[]> {
  const panier = await api.lire<{ content: { personneMoraleId: string }[] }>(
    '/api/panier?size=2000',
  );
  const dejaAuPanier = new Set(panier.content.map((l) => l.personneMoraleId));
  const { content } = await api.lire<{ content: Candidat[] }>(
    `/api/panier/recherche?size=2000&sort=raisonSociale,${ordre}`,
  );
  const parNom = new Map<string, number>();
  for (const o of content) parNom.set(o.raisonSociale, (parNom.get(o.raisonSociale) ?? 0) + 1);
  const comte = content
    .filter(
      (o) =>
        parNom.get(o.raisonSociale) === 1 &&
        !dejaAuPanier.has(o.id) &&
        o.aops.length === 1 &&
        o.aops[0]?.libelle === 'Comté',
    )
    .slice(0, examines);
  const ids = comte.map((o) => o.id).join(',');
  const { informations } = await api.lire<{ informations: Informations[] }>(
    `/api/panier/informations?ids=${ids}`,
  );
  const complets = comte.flatMap((o): OperateurComte[] => {
    const info = informations.find((i) => i.personneMoraleId === o.id)?.informations;
    const appellation = info?.appellations.length === 1 ? info.appellations[0] : undefined;
    if (!appellation) return [];
    const aopId = appellation.aopIgp.id;
    const site = info?.sites.find((s) => s.aopIds.includes(aopId));
    const activite = appellation.activites[0];
    if (!site || !activite) return [];
    const { id: personneMoraleId, raisonSociale } = o;
    return [
      { id: `personne-morale-${o.id}`, personneMoraleId, raisonSociale, aopId, site, activite },
    ];
  });
  return reserver(complets, n);
}
