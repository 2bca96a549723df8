import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's styles in two parts (issue 29 item 6): the shell's (mantine-premier-ecran.css) and the
 * rest (mantine-reste.css, loaded with what is loaded on demand). Together they must be Mantine's
 * whole stylesheet, each file once, each part in Mantine's own order (a component's styles after
 * those of the components it builds on).
 */
const ici = path.dirname(new URL(import.meta.url).pathname);
const core = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));

const importsDe = (fichier: string): string[] =>
  [...readFileSync(path.join(ici, fichier), 'utf8').matchAll(/^@import '([^']+)';$/gm)].map(
    (m) => m[1]!,
  );
const composant = (chemin: string): string | undefined =>
  /^@mantine\/core\/styles\/(.+)\.layer\.css$/.exec(chemin)?.[1];

/** Mantine's component files in the order their rules appear in its whole stylesheet. */
function ordreMantine(): string[] {
  const entier = readFileSync(path.join(core, 'styles.css'), 'utf8');
  return readdirSync(path.join(core, 'styles'))
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => {
      const debut = readFileSync(path.join(core, 'styles', f), 'utf8')
        .trim()
        .slice(0, 120);
      return { nom: f.replace(/\.css$/, ''), position: entier.indexOf(debut) };
    })
    .sort((a, b) => a.position - b.position)
    .map((f) => f.nom);
}

describe("Mantine's styles split between the shell and the rest", () => {
  const premier = importsDe('mantine-premier-ecran.css');
  const reste = importsDe('mantine-reste.css');
  const ordre = ordreMantine();

  it("holds every file of Mantine's stylesheet once, in its order within each part", () => {
    const dePremier = premier.map(composant).filter((c) => c !== undefined);
    const deReste = reste.map(composant).filter((c) => c !== undefined);
    expect([...dePremier, ...deReste].sort()).toEqual([...ordre].sort());
    expect(dePremier).toEqual(ordre.filter((c) => dePremier.includes(c)));
    expect(deReste).toEqual(ordre.filter((c) => deReste.includes(c)));
  });

  it('starts with the reset, the variables and the global styles, in a layer', () => {
    expect(premier.slice(0, 3)).toEqual([
      '@mantine/core/styles/baseline.layer.css',
      '@mantine/core/styles/default-css-variables.layer.css',
      '@mantine/core/styles/global.layer.css',
    ]);
    expect(readFileSync(path.join(ici, 'mantine-premier-ecran.css'), 'utf8')).toMatch(
      /^@layer mantine, mantine-datatable;$/m,
    );
  });

  it("brings the other packages' styles, layered, each with the part that uses it", () => {
    expect(premier).toContain('@mantine/notifications/styles.layer.css');
    expect(reste.slice(-2)).toEqual([
      '@mantine/dates/styles.layer.css',
      'mantine-datatable/styles.layer.css',
    ]);
    expect([...premier, ...reste].every((i) => i.endsWith('.layer.css'))).toBe(true);
  });
});
