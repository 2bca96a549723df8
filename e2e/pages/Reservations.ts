import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The specs run in parallel on one demo database and most need "a programmed control" to sign,
 * cancel or change. Taking the first one made two specs finalise the same visit; the server then
 * rightly refused the second push (a finalised control is locked). A spec therefore reserves the
 * controls it changes: a file created with O_EXCL in a folder that lives for one run (see
 * playwright.config.ts) is a claim no other worker can take.
 */
function dossier(): string {
  const racine = process.env.E2E_RESERVATIONS;
  if (!racine)
    throw new Error('E2E_RESERVATIONS absent : lancez les specs par playwright.config.ts');
  mkdirSync(racine, { recursive: true });
  return racine;
}

function prendre(id: string): boolean {
  try {
    closeSync(openSync(path.join(dossier(), id), 'wx'));
    return true;
  } catch (erreur) {
    if ((erreur as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw erreur;
  }
}

/** Reserves all these controls, or none of them if one is already taken. */
function reserverTous(ids: readonly unknown[]): boolean {
  const pris: string[] = [];
  for (const id of ids) {
    if (!prendre(String(id))) break;
    pris.push(String(id));
  }
  if (pris.length === ids.length) return true;
  for (const id of pris) rmSync(path.join(dossier(), id));
  return false;
}

/** Reserves every control of the first group whose controls are all still free. */
export function reserverGroupe<T extends { id: unknown }>(groupes: readonly (readonly T[])[]): T[] {
  const groupe = groupes.find((g) => reserverTous(g.map((c) => c.id)));
  if (!groupe) {
    throw new Error('aucun contrôle libre pour ce test : tous sont réservés par d’autres specs');
  }
  return [...groupe];
}

/** Reserves the first `nombre` free controls among the candidates, in their order. */
export function reserver<T extends { id: unknown }>(candidats: readonly T[], nombre?: 1): [T];
export function reserver<T extends { id: unknown }>(candidats: readonly T[], nombre: 2): [T, T];
export function reserver<T extends { id: unknown }>(candidats: readonly T[], nombre: number): T[];
export function reserver<T extends { id: unknown }>(candidats: readonly T[], nombre = 1): T[] {
  // Fewer than `nombre` throws below: the overloads' tuples hold.
  const reserves: T[] = [];
  for (const candidat of candidats) {
    if (reserves.length === nombre) break;
    if (prendre(String(candidat.id))) reserves.push(candidat);
  }
  if (reserves.length < nombre) {
    throw new Error(`${nombre} contrôle(s) libre(s) attendu(s), ${reserves.length} trouvé(s)`);
  }
  return reserves;
}
