import { Paper, Text } from '@mantine/core';

interface SiteCarte {
  id: string;
  libelle: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A coarse outline of metropolitan France and Corsica (longitude, latitude), enough to place the
 * sites: no tile server is reachable offline or from the office network (docs/decisions.md).
 */
const FRANCE: [number, number][] = [
  [2.55, 51.09],
  [3.2, 50.75],
  [4.2, 50.3],
  [4.85, 50.15],
  [5.4, 49.6],
  [6.4, 49.45],
  [7.6, 49.05],
  [8.2, 48.97],
  [7.55, 47.6],
  [6.9, 47.45],
  [6.1, 46.6],
  [6.15, 46.2],
  [6.8, 45.9],
  [7.15, 45.3],
  [6.65, 45.0],
  [7.0, 44.25],
  [7.55, 43.8],
  [6.6, 43.15],
  [5.5, 43.2],
  [4.8, 43.4],
  [4.0, 43.5],
  [3.1, 43.1],
  [3.15, 42.45],
  [2.2, 42.4],
  [1.4, 42.6],
  [0.7, 42.8],
  [-0.6, 42.8],
  [-1.75, 43.35],
  [-1.45, 44.0],
  [-1.25, 44.6],
  [-1.2, 45.7],
  [-1.95, 46.6],
  [-2.2, 47.1],
  [-2.5, 47.3],
  [-3.3, 47.7],
  [-4.4, 47.85],
  [-4.75, 48.3],
  [-4.6, 48.65],
  [-3.5, 48.85],
  [-2.3, 48.65],
  [-1.55, 48.65],
  [-1.6, 49.65],
  [-1.25, 49.7],
  [-1.1, 49.35],
  [0.1, 49.45],
  [1.2, 50.0],
  [1.6, 50.35],
  [1.6, 50.9],
];
const CORSE: [number, number][] = [
  [9.4, 43.0],
  [9.55, 42.1],
  [9.2, 41.4],
  [8.6, 41.9],
  [8.7, 42.6],
];
const LARGEUR = 260;
const HAUTEUR = 250;
/** Longitudes shrink with the cosine of the latitude (equirectangular at 46.5° N). */
const COS = Math.cos((46.5 * Math.PI) / 180);

/** The operator's sites that have coordinates, placed on the outline; nothing when none has. */
export function CarteSites({ sites }: { sites: SiteCarte[] }) {
  const places = sites.filter(
    (s): s is SiteCarte & { latitude: number; longitude: number } =>
      s.latitude !== null && s.longitude !== null,
  );
  if (!places.length) return null;
  // The frame holds France and every site (overseas ones widen it).
  const lons = [...FRANCE, ...CORSE].map(([x]) => x).concat(places.map((s) => s.longitude));
  const lats = [...FRANCE, ...CORSE].map(([, y]) => y).concat(places.map((s) => s.latitude));
  const [x0, x1] = [Math.min(...lons) - 0.5, Math.max(...lons) + 0.5];
  const [y0, y1] = [Math.min(...lats) - 0.3, Math.max(...lats) + 0.3];
  const echelle = Math.min(LARGEUR / ((x1 - x0) * COS), HAUTEUR / (y1 - y0));
  const px = (lon: number) => (lon - x0) * COS * echelle;
  const py = (lat: number) => (y1 - lat) * echelle;
  const trace = (points: [number, number][]) =>
    points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
  return (
    <Paper withBorder p="xs" w="fit-content">
      <svg
        role="img"
        aria-label="Carte des sites"
        width={Math.ceil((x1 - x0) * COS * echelle)}
        height={Math.ceil((y1 - y0) * echelle)}
      >
        <polygon points={trace(FRANCE)} fill="#eef3ee" stroke="#8aa58f" strokeWidth={1} />
        <polygon points={trace(CORSE)} fill="#eef3ee" stroke="#8aa58f" strokeWidth={1} />
        {places.map((s) => (
          <g key={s.id}>
            <circle cx={px(s.longitude)} cy={py(s.latitude)} r={5} fill="#c92a2a" stroke="#fff">
              <title>{`${s.libelle} (${s.latitude}, ${s.longitude})`}</title>
            </circle>
            {/* West of the point when the label would leave the frame on the east. */}
            <text
              x={px(s.longitude) + (px(s.longitude) > LARGEUR * 0.55 ? -8 : 8)}
              y={py(s.latitude) + 4}
              textAnchor={px(s.longitude) > LARGEUR * 0.55 ? 'end' : 'start'}
              fontSize={11}
              fill="#1b3a26"
            >
              {s.libelle.length > 22 ? `${s.libelle.slice(0, 21)}…` : s.libelle}
            </text>
          </g>
        ))}
      </svg>
      <Text size="xs" c="dimmed">
        {places.length} site(s) localisé(s) sur {sites.length}
      </Text>
    </Paper>
  );
}
