import { z } from 'zod';

/**
 * zod's messages in the users' French, wherever a schema gives none of its own (issue 32, item
 * 5): lengths read "200 caractères au plus", not zod's "Trop grand : chaîne de caractères doit
 * avoir <=200 caractères"; the rest is zod's French locale. Set once when the contracts load, in
 * the server and the browser alike, so a form's own check and the server's answer say the same.
 * A schema's explicit message (`M.obligatoire`…) still wins over this map.
 */
export function messageFrancais(issue: z.core.$ZodRawIssue): string | undefined {
  const nombre = (n: number | bigint) => String(n).replace('.', ',');
  if (issue.code === 'too_big') {
    const max = nombre(issue.maximum);
    if (issue.origin === 'string') return `${max} caractères au plus`;
    if (issue.origin === 'array' || issue.origin === 'set') return `${max} éléments au plus`;
    if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
      return issue.inclusive === false
        ? `La valeur doit être inférieure à ${max}`
        : `La valeur doit être inférieure ou égale à ${max}`;
  }
  if (issue.code === 'too_small') {
    const min = nombre(issue.minimum);
    if (issue.origin === 'string') return `${min} caractères au moins`;
    if (issue.origin === 'array' || issue.origin === 'set') return `${min} éléments au moins`;
    if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
      return issue.inclusive === false
        ? `La valeur doit être supérieure à ${min}`
        : `La valeur doit être supérieure ou égale à ${min}`;
  }
  return undefined;
}

z.config(z.locales.fr());
z.config({ customError: messageFrancais });
