/**
 * Spec part 2 §5: a formula result is rounded to its line's `dec`, that rounded value is the
 * point's value, its thresholds judge it and its explanation prints it. Computed exactly: no
 * binary floating-point error on the way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Conformite, OperateurSeuil, Severite } from '../enums';
import { entreeComplete } from './completude';
import { ignorerGroupe, saisirValeurExploitation } from './exploitation';
import { grilleComteDemo } from './fixtures';
import { saisirPoint, trouverEntree } from './saisie';
import type { ClePoint, Grille, SeuilsPoint } from './schemas';
import { evaluerSaisie } from './seuils';

const HERBE: ClePoint = { pointId: 'pc-SC-01', aopIgpId: 'aop-comte' };
const CHARGEMENT: ClePoint = { pointId: 'pc-SC-03', aopIgpId: 'aop-comte' };
const TEMPERATURE: ClePoint = { pointId: 'pc-TL-01', aopIgpId: 'aop-comte' };
const entreeDe = (g: Grille, cle: ClePoint) => trouverEntree(g, cle)!.entree;

/** The Comté demo grid with the given decimals on some computed lines. */
function comte(decs: Record<string, number>): Grille {
  const g = grilleComteDemo();
  return {
    ...g,
    groupesSysExploitation: g.groupesSysExploitation.map((groupe) => ({
      ...groupe,
      points: groupe.points.map((l) => (l.code in decs ? { ...l, dec: decs[l.code]! } : l)),
    })),
  };
}

const saisir = (g: Grille, entrees: readonly (readonly [string, string])[]) =>
  entrees.reduce((acc, [code, v]) => saisirValeurExploitation(acc, code, v).grille, g);

describe('27,2 ha for 34 cows (a6 = (a1 + a2) / a3, two decimals) is 0,80 ha/VL', () => {
  // The Comté grading of ≥ 1 ha/VL: grave < 0,5, majeur < 0,8, mineur < 1.
  const g = saisir(comte({ a6: 2 }), [
    ['a1', '27,2'],
    ['a2', '0'],
    ['a3', '34'],
  ]);

  it('is shown 0,80, judged mineur on 0,80 (binary floating point says 0,7999999999999999)', () => {
    expect((27.2 + 0) / 34).toBeLessThan(0.8);
    const entree = entreeDe(g, HERBE);
    expect(entree.seuil.majeur).toEqual({ operateur: '<', valeur: 0.8 });
    expect(entree.saisie).toMatchObject({ valeur: '0,80', conformite: 'NC', gravite: 'MINEUR' });
    expect(g.manquements).toMatchObject([{ key: 'SC-01-aop-comte', valeur: '0,80' }]);
  });

  it('explains the verdict with the value shown', () => {
    const entree = entreeDe(g, HERBE);
    const evaluation = evaluerSaisie(
      { ...entree, saisie: { ...entree.saisie, conformite: null } },
      'EXPLOITATION',
      entree.saisie.valeur,
      { unite: 'ha/VL' },
    );
    expect(evaluation?.explication).toBe(
      'Valeur 0,80 ha/VL < 1 (seuil mineur) : non conforme, gravité mineur',
    );
  });

  it('49,8 ha for 50 cows: 1,00 at two decimals is conforme; the demo shows 0,9960 and fails', () => {
    const entrees = [
      ['a1', '49,8'],
      ['a2', '0'],
      ['a3', '50'],
    ] as const;
    expect(entreeDe(saisir(comte({ a6: 2 }), entrees), HERBE).saisie).toMatchObject({
      valeur: '1,00',
      conformite: 'C',
    });
    expect(entreeDe(saisir(grilleComteDemo(), entrees), HERBE).saisie).toMatchObject({
      valeur: '0,9960',
      conformite: 'NC',
      gravite: 'MINEUR',
    });
  });
});

/*
 * The property: whatever the controller types, in whatever order, each point fed by a formula
 * shows the exact result rounded to the line's `dec`, and carries the verdict its thresholds give
 * on that shown value. Checked against a reference written apart from the engine: hundredths as
 * BigInt for the formulas, plain numbers for the thresholds.
 */

type Edition =
  | { type: 'ligne'; code: string; texte: string }
  | { type: 'groupe'; id: string; ignore: boolean }
  | { type: 'temperature'; texte: string };

const francais = (n: number) => String(n).replace('.', ',');
const bruit = fc.constantFrom('', '  ', 'abc', '1,2,3', '1 000', '12.5');
const centiemes = fc.integer({ min: 0, max: 20_000 }).map((h) => francais(h / 100));
const ligne = (code: string, valeur: fc.Arbitrary<string>) =>
  fc
    .oneof({ weight: 5, arbitrary: valeur }, { weight: 1, arbitrary: bruit })
    .map((texte): Edition => ({ type: 'ligne', code, texte }));

const edition: fc.Arbitrary<Edition> = fc.oneof(
  ligne('a1', centiemes),
  ligne('a2', centiemes),
  ligne('a3', fc.integer({ min: 0, max: 80 }).map(String)),
  ligne(
    'a20',
    fc.integer({ min: 0, max: 2_000 }).map((d) => francais(d / 10)),
  ),
  ligne('a21', centiemes),
  fc
    .record({ id: fc.constantFrom('gse-surfaces', 'gse-chargement'), ignore: fc.boolean() })
    .map((g): Edition => ({ type: 'groupe', ...g })),
  fc
    .oneof(
      fc.integer({ min: -100, max: 400 }).map((d) => francais(d / 10)),
      bruit,
    )
    .map((texte): Edition => ({ type: 'temperature', texte })),
);

function appliquer(g: Grille, e: Edition): Grille {
  switch (e.type) {
    case 'ligne':
      return saisirValeurExploitation(g, e.code, e.texte).grille;
    case 'groupe':
      return ignorerGroupe(g, e.id, e.ignore).grille;
    case 'temperature':
      return saisirPoint(g, TEMPERATURE, { valeur: e.texte }).grille;
  }
}

const LISIBLE = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;
/** A typed decimal in hundredths, or null when blank or unreadable. */
const enCentiemes = (texte: string | undefined): bigint | null =>
  texte !== undefined && LISIBLE.test(texte.trim())
    ? BigInt(Math.round(Number(texte.trim().replace(',', '.')) * 100))
    : null;

/** n / d rounded half away from zero to `dec` decimals, in French; a division by zero is 0. */
function arrondiReference(n: bigint, d: bigint, dec: number): string {
  if (d === 0n) return dec === 0 ? '0' : `0,${'0'.repeat(dec)}`;
  const negatif = n < 0n !== d < 0n && n !== 0n;
  const [a, b] = [(n < 0n ? -n : n) * 10n ** BigInt(dec), d < 0n ? -d : d];
  const u = a / b + (2n * (a % b) >= b ? 1n : 0n);
  const chiffres = u.toString().padStart(dec + 1, '0');
  const entiers = chiffres.slice(0, chiffres.length - dec);
  const texte = dec === 0 ? entiers : `${entiers},${chiffres.slice(chiffres.length - dec)}`;
  return negatif && u !== 0n ? `-${texte}` : texte;
}

const TIENT: Record<OperateurSeuil, (v: number, s: number) => boolean> = {
  '<': (v, s) => v < s,
  '<=': (v, s) => v <= s,
  '>': (v, s) => v > s,
  '>=': (v, s) => v >= s,
  '=': (v, s) => v === s,
  '!=': (v, s) => v !== s,
};

/** The spec's auto-evaluation: grave, then majeur, then mineur; no match is C. */
function regle(valeur: string, seuils: SeuilsPoint) {
  const v = Number(valeur.trim().replace(',', '.'));
  const niveaux = [
    ['grave', 'GRAVE'],
    ['majeur', 'MAJEUR'],
    ['mineur', 'MINEUR'],
  ] as const;
  for (const [niveau, gravite] of niveaux) {
    const s = seuils[niveau];
    if (s && TIENT[s.operateur](v, s.valeur))
      return { conformite: 'NC' as Conformite, gravite: gravite as Severite | null };
  }
  return { conformite: 'C' as Conformite, gravite: null };
}

/** What the reference expects a formula line to show, from what was last typed. */
function attendue(
  typees: Map<string, string>,
  [a, b, c]: readonly string[],
  formule: (x: bigint, y: bigint, z: bigint) => [bigint, bigint],
  dec: number,
): string | null {
  const lus = [a, b, c].map((code) => (code ? enCentiemes(typees.get(code)) : 0n));
  if (lus.some((x) => x === null)) return null;
  const [x = 0n, y = 0n, z = 0n] = lus as bigint[];
  return arrondiReference(...formule(x, y, z), dec);
}

describe('property: the verdict is the thresholds applied to the shown, rounded value', () => {
  it('after any sequence of edits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(edition, { minLength: 1, maxLength: 25 }),
        (decHerbe, decChargement, editions) => {
          let g = comte({ a6: decHerbe, a22: decChargement });
          const typees = new Map<string, string>();
          const ignores = new Set<string>();
          let temperature: string | null = null;
          for (const e of editions) {
            g = appliquer(g, e);
            if (e.type === 'ligne') typees.set(e.code, e.texte);
            if (e.type === 'groupe') {
              if (e.ignore) ignores.add(e.id);
              else ignores.delete(e.id);
            }
            if (e.type === 'temperature') temperature = e.texte;

            // (a1 + a2) / a3 and a20 / a21, in hundredths: (x + y) / z and x / y.
            const herbe = ignores.has('gse-surfaces')
              ? null
              : attendue(typees, ['a1', 'a2', 'a3'], (x, y, z) => [x + y, z], decHerbe);
            const chargement = ignores.has('gse-chargement')
              ? null
              : attendue(typees, ['a20', 'a21', ''], (x, y) => [x, y], decChargement);
            for (const [cle, valeur] of [
              [HERBE, herbe],
              [CHARGEMENT, chargement],
            ] as const) {
              const entree = entreeDe(g, cle);
              expect(entree.saisie.valeur).toBe(valeur);
              expect({
                conformite: entree.saisie.conformite,
                gravite: entree.saisie.gravite,
              }).toEqual(
                valeur === null ? { conformite: null, gravite: null } : regle(valeur, entree.seuil),
              );
            }

            const t = entreeDe(g, TEMPERATURE);
            if (temperature !== null && LISIBLE.test(temperature.trim())) {
              expect({ conformite: t.saisie.conformite, gravite: t.saisie.gravite }).toEqual(
                regle(temperature, t.seuil),
              );
            } else {
              // Blank or unreadable: never complete, whatever was judged before.
              expect(entreeComplete(t, 'NUMERIQUE')).toBe(false);
            }

            // One shortcoming per NC entry, with the entry's value and severity.
            const nc = [HERBE, CHARGEMENT, TEMPERATURE]
              .map((cle) => ({ cle, e: entreeDe(g, cle) }))
              .filter(({ e }) => e.saisie.conformite === 'NC');
            expect(g.manquements.map((m) => [m.pointControleId, m.valeur, m.seuil]).sort()).toEqual(
              nc.map(({ cle, e }) => [cle.pointId, e.saisie.valeur, e.saisie.gravite]).sort(),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
