/** How the control entry shows identifiers (spec part 2 §2, step 1). */

/** '77639468400029' → '776 394 684 00029' (groups 3-3-3-5); anything else is shown as given. */
export function formaterSiret(siret: string | null | undefined): string {
  const chiffres = (siret ?? '').replace(/\s/g, '');
  if (!/^\d{14}$/.test(chiffres)) return siret ?? '';
  return [chiffres.slice(0, 3), chiffres.slice(3, 6), chiffres.slice(6, 9), chiffres.slice(9)].join(
    ' ',
  );
}

const paires = (chiffres: string): string => (chiffres.match(/\d{2}/g) ?? []).join('.');

/**
 * Phones in pairs separated by dots: '0450123456' → '04.50.12.34.56'. An international number
 * keeps its country code, then the national number without its trunk 0, as it is dialled:
 * '+33450123456' → '+33.4.50.12.34.56'. Anything else is shown as given.
 */
export function formaterTelephone(telephone: string | null | undefined): string {
  const t = (telephone ?? '').replace(/[\s.]/g, '');
  if (/^0\d{9}$/.test(t)) return paires(t);
  if (/^\+\d{11}$/.test(t)) return `${t.slice(0, 3)}.${t.charAt(3)}.${paires(t.slice(4))}`;
  return telephone ?? '';
}
