import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { schemasValidation as s } from './schemas';

const message = (schema: z.ZodType, valeur: unknown): string | null => {
  const r = schema.safeParse(valeur);
  return r.success ? null : (r.error.issues[0]?.message ?? '');
};

describe('zod schemas carry the same messages as the validators', () => {
  it.each([
    ['obligatoire', s.obligatoire, 'x', null],
    ['obligatoire', s.obligatoire, ' ', 'Ce champ est obligatoire'],
    ['obligatoire', s.obligatoire, undefined, 'Ce champ est obligatoire'],
    ['listeObligatoire', s.listeObligatoire(s.obligatoire), ['a'], null],
    ['listeObligatoire', s.listeObligatoire(s.obligatoire), [], 'Ce champ est obligatoire'],
    ['listeObligatoire', s.listeObligatoire(s.obligatoire), null, 'Ce champ est obligatoire'],
    ['pourcentage', s.pourcentage, 50, null],
    ['pourcentage', s.pourcentage, '12,5', null],
    ['pourcentage', s.pourcentage, null, null],
    ['pourcentage', s.pourcentage, 150, 'Ce champ doit contenir une valeur entre 0 et 100'],
    ['email', s.email, 'a@b.fr', null],
    ['email', s.email, '', null],
    ['email', s.email, null, null],
    ['email', s.email, undefined, null],
    ['email', s.email, 'a@', 'Utilisez un email valide'],
    ['telephone', s.telephone, '04 50 12 34 56', null],
    ['telephone', s.telephone, '12', 'Utilisez un numéro de téléphone valide'],
    ['codePostal', s.codePostal, '25300', null],
    ['codePostal', s.codePostal, '1', 'Utilisez un code postal valide'],
    ['siret', s.siret, '77639468400029', null],
    ['siret', s.siret, '7763946840002', 'Le numéro de siret doit comporter 14 chiffres'],
    ['siret', s.siret, undefined, 'Le numéro de siret doit comporter 14 chiffres'],
    ['fichier', s.fichier, { size: 4_999_999 }, null],
    ['fichier', s.fichier, { size: 5_000_000 }, 'Le fichier est trop gros (max 5Mo)'],
    ['fichiers', s.fichiers, [{ size: 1 }], null],
    [
      'fichiers',
      s.fichiers,
      [{ size: 1 }, { size: 6e6 }],
      'Un des fichiers est trop gros (max 5Mo)',
    ],
    ['dateControle', s.dateControle, '2026-11-23', null],
    ['dateControle', s.dateControle, '2026-11-22', 'Contrôle impossible le dimanche'],
    ['dateControle', s.dateControle, undefined, 'Ce champ est obligatoire'],
    ['heure', s.heure, '10:05', null],
    ['heure', s.heure, '10:07', 'Les minutes doivent être un multiple de 5'],
    ['heure', s.heure, '', 'Ce champ est obligatoire'],
    ['dateSaisie', s.dateSaisie, '01/01/2026', null],
    ['dateSaisie', s.dateSaisie, '31/02/2026', 'Utilisez une date valide (jj/mm/aaaa)'],
    ['valeurExploitation', s.valeurExploitation, '3,5', null],
    [
      'valeurExploitation',
      s.valeurExploitation,
      'trois',
      'La valeur doit être un nombre entier, un nombre à virgule ou une date (jj/mm/aaaa)',
    ],
  ] as const)('%s %j → %s', (_nom, schema, valeur, attendu) => {
    expect(message(schema, valeur)).toBe(attendu);
  });
});
