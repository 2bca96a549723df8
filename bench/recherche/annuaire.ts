/**
 * The directory's part of bench/recherche (CIBLE=annuaire): the kinds of request an office user
 * makes on the search screen, and the XLSX exports of the whole perimeter.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';

interface Echantillon {
  raison_sociale: string;
  siret: string;
  ville: string;
  code_postal: string;
  nom: string | null;
}

const sansAccent = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const dernierMot = (s: string) => s.split(' ').at(-1) ?? s;
const premierMot = (s: string) => s.split(' ')[0] ?? s;
const groupes = (s: string) => `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;
const e = encodeURIComponent;

/** Terms drawn from the data, typed as users type them, on each directory search endpoint. */
export function genresAnnuaire(
  operateur: (i: number) => Echantillon,
): [string, (i: number) => string][] {
  const pm = '/api/personne-morale';
  return [
    [
      'raisonSociale sans accent',
      (i) =>
        `${pm}?raisonSociale=${e(sansAccent(dernierMot(operateur(i).raison_sociale)).toLowerCase())}`,
    ],
    ['siret groupé', (i) => `${pm}?siret=${e(groupes(operateur(i).siret))}`],
    [
      'ville en capitales + raison sociale',
      (i) => {
        const o = operateur(i);
        return `${pm}?ville=${e(sansAccent(o.ville).toUpperCase())}&raisonSociale=${e(premierMot(o.raison_sociale))}`;
      },
    ],
    ['code postal, page 50', (i) => `${pm}?codePostal=${operateur(i).code_postal}&size=50`],
    ['sans filtre, page 10', () => `${pm}?size=10`],
    ['habilités', () => `${pm}?isHabilite=true`],
    ['habilités, tri ville desc', () => `${pm}?isHabilite=true&sort=ville,DESC`],
    [
      'autocomplete (raison sociale)',
      (i) => `${pm}/autocomplete?q=${e(sansAccent(dernierMot(operateur(i).raison_sociale)))}`,
    ],
    [
      'recherche/operateurs (siret groupé)',
      (i) => `${pm}/recherche/operateurs?q=${e(groupes(operateur(i).siret))}`,
    ],
    [
      'habilitations (raison sociale)',
      (i) => `/api/habilitation?raisonSociale=${e(premierMot(operateur(i).raison_sociale))}`,
    ],
    ["habilitations, l'écran (tri statut)", () => '/api/habilitation?sort=statut,ASC'],
    ['personnes physiques (nom)', () => '/api/personne-physique?nom=dur'],
  ];
}

/** Each export of the whole perimeter, once: time, size, rows, and the process's memory. */
export async function mesurerExports(
  app: FastifyInstance,
  jeton: string,
  charge: () => string,
): Promise<void> {
  console.log('\nExports XLSX du périmètre entier (une requête à la fois)');
  for (const url of [
    '/api/personne-morale/export',
    '/api/habilitation/export',
    '/api/groupe/export',
  ]) {
    const rssAvant = process.memoryUsage().rss;
    const debut = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${jeton}` } });
    const ms = performance.now() - debut;
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const lignes = (classeur.worksheets[0]?.actualRowCount ?? 1) - 1;
    const mo = (n: number) => (n / 1_048_576).toFixed(1);
    console.log(
      `  ${url.padEnd(32)} ${Math.round(ms).toString().padStart(6)} ms  ${String(lignes).padStart(6)} lignes  ${mo(res.rawPayload.length).padStart(5)} Mo  RSS ${mo(rssAvant)} → ${mo(process.memoryUsage().rss)} Mo  (charge ${charge()})`,
    );
  }
}
