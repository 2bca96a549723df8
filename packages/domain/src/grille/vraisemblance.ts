/**
 * Plausible ranges of what a controller types on a control point (issue 12 item 4): a value
 * outside asks for a confirmation at the field; it is kept either way. The ranges cover the
 * quantities aop-rules.md states its limits in (temperatures, percentages, durations); the point's
 * quantity is the first unit its label names ('Température du lait après traite (< 18 °C)').
 */
import { lireValeurExploitation } from '../formule';
import { formaterNombre } from './messages';

export interface PlageVraisemblable {
  /** 'une température', as the confirmation names it. */
  grandeur: string;
  unite: string;
  min: number;
  max: number;
  /** How a label names the unit. */
  motif: RegExp;
}

export const PLAGES_VRAISEMBLABLES: readonly PlageVraisemblable[] = [
  // Milk from 0 °C (chilled) to the cooking of the curd (53–56 °C); 100 °C is boiling.
  { grandeur: 'une température', unite: '°C', min: 0, max: 100, motif: /°C/ },
  { grandeur: 'un pourcentage', unite: '%', min: 0, max: 100, motif: /%/ },
  { grandeur: 'une durée en heures', unite: 'h', min: 0, max: 240, motif: /\d\s*h\b/ },
  { grandeur: 'une durée en jours', unite: 'jours', min: 0, max: 1000, motif: /\bjours?\b/ },
  {
    grandeur: 'une durée en semaines',
    unite: 'semaines',
    min: 0,
    max: 150,
    motif: /\bsemaines?\b/,
  },
  { grandeur: 'une durée en mois', unite: 'mois', min: 0, max: 36, motif: /\bmois\b/ },
];

/** The range of the quantity a point's label (or its line's unit) names first, if any. */
export function plageVraisemblable(
  libelle: string,
  unite?: string | null,
): PlageVraisemblable | null {
  // Only the first limit: 'Volume de chaque cuve (≤ 5 000 L ; … ≤ 3 tours/24 h)' is no duration.
  const principal = libelle.split(';', 1).join('');
  const texte = unite ? `${unite} ${principal}` : principal;
  let premiere: { plage: PlageVraisemblable; index: number } | null = null;
  for (const plage of PLAGES_VRAISEMBLABLES) {
    const index = texte.search(plage.motif);
    if (index >= 0 && (!premiere || index < premiere.index)) premiere = { plage, index };
  }
  return premiere?.plage ?? null;
}

/**
 * The confirmation to ask for a typed value outside the range, or null (blank, unreadable, or
 * plausible: an unreadable value has the spec's own message).
 */
export function confirmationVraisemblance(
  texte: string | null,
  plage: PlageVraisemblable | null,
): string | null {
  if (!plage) return null;
  const lu = lireValeurExploitation(texte);
  if (lu === null || lu === 'invalide' || lu.date) return null;
  const n = lu.nombre;
  if (n >= plage.min && n <= plage.max) return null;
  return `Valeur inhabituelle pour ${plage.grandeur} (de ${formaterNombre(plage.min)} à ${formaterNombre(plage.max)} ${plage.unite} attendu) : confirmez-vous ${formaterNombre(n)} ${plage.unite} ?`;
}
