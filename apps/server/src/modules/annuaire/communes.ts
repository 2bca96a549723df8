import { createRequire } from 'node:module';

/** One line of La Poste's official base (package codes-postaux): a postcode of a commune. */
interface LigneCodePostal {
  codePostal: string;
  codeCommune: string;
  nomCommune: string;
  libelleAcheminement: string;
}
export interface Commune {
  codePostal: string;
  codeCommune: string;
  nomCommune: string;
  libelle: string;
}

const normaliser = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’\s]+/g, ' ')
    .trim();

let index: { c: Commune; cle: string }[] | undefined;
function communes() {
  if (!index) {
    // ~39,000 lines (3.9 MB), read once on first use; the JSON ships with the package. require()
    // answers any: the package's file has these fields, which no type of the package declares.
    const lignes = createRequire(import.meta.url)(
      'codes-postaux/codes-postaux.json',
    ) as LigneCodePostal[];
    index = lignes.map((l) => ({
      c: {
        codePostal: l.codePostal,
        codeCommune: l.codeCommune,
        nomCommune: l.nomCommune,
        libelle: `${l.codePostal} ${l.nomCommune}`,
      },
      cle: normaliser(l.nomCommune),
    }));
  }
  return index;
}

/**
 * Postcode ↔ town (spec `commune/autocomplete-enum`): digits match the start of a postcode,
 * text the town's name, accent- and case-blind ('saint flour' finds Saint-Flour); names starting
 * with the text come first. At most `limite` answers, except for a complete postcode: all its towns.
 */
export function rechercherCommunes(texte: string, limite = 20): Commune[] {
  const q = normaliser(texte);
  if (q.length < 2) return [];
  const tout = communes();
  // A complete postcode lists every town under it (39800 has more than 20; Poligny was cut off):
  // the office picks the town from that list (issue 32, item 3). The largest has a few dozen.
  if (/^\d{5}$/.test(q))
    return tout
      .filter((e) => e.c.codePostal === q)
      .map((e) => e.c)
      .sort((a, b) => a.nomCommune.localeCompare(b.nomCommune, 'fr'));
  if (/^\d+$/.test(q))
    return tout
      .filter((e) => e.c.codePostal.startsWith(q))
      .slice(0, limite)
      .map((e) => e.c);
  const debut: Commune[] = [];
  const dedans: Commune[] = [];
  for (const e of tout) {
    if (e.cle.startsWith(q)) debut.push(e.c);
    else if (dedans.length < limite && e.cle.includes(q)) dedans.push(e.c);
  }
  debut.sort(
    (a, b) =>
      a.nomCommune.localeCompare(b.nomCommune, 'fr') || a.codePostal.localeCompare(b.codePostal),
  );
  return [...debut, ...dedans].slice(0, limite);
}
