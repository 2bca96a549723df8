import { describe, expect, it } from 'vitest';
import {
  abandonnerControleTitre,
  alerteStockage,
  declarationPages,
  erreurApercu,
  ETATS_VIDES,
  formuleCodeAbsent,
  formuleEnErreur,
  LIBELLES_SAISIE,
  LIBELLES_TOURNEE,
  MESSAGES_GENERIQUES,
  MESSAGES_SAISIE,
  MESSAGES_SYNCHRO,
  MESSAGES_TOURNEE,
  MESSAGES_VALIDATION,
  TEXTES_LEGAUX,
} from './messages';

/**
 * The wording itself is the spec's, read in review: restating each constant here would only copy
 * it. What a test can catch is a slip coming back, in any message.
 */
describe('messages keep the spec wording', () => {
  it("carries none of the spec's slips, and no English word (docs/decisions.md lists each fix)", () => {
    // The texts only, not the keys ('controles' names a message, it is not one).
    const textes = (v: unknown): string[] =>
      typeof v === 'string'
        ? [v]
        : v && typeof v === 'object'
          ? Object.values(v).flatMap(textes)
          : [];
    const tout = textes([
      MESSAGES_VALIDATION,
      MESSAGES_GENERIQUES,
      MESSAGES_SYNCHRO,
      MESSAGES_TOURNEE,
      MESSAGES_SAISIE,
      LIBELLES_TOURNEE,
      LIBELLES_SAISIE,
      ETATS_VIDES,
      abandonnerControleTitre('08:30'),
      erreurApercu('Comté'),
      formuleCodeAbsent('a6', 'a2 / a4'),
      formuleEnErreur('a6', 'a2 / a4'),
    ]).join('\n');
    for (const coquille of [
      /chifres/,
      /modifcationd/,
      /\bla la\b/,
      /\bon bien\b/,
      /sélectionnez/,
      /survenu\b/,
      /\bpeux pas\b/,
      /\betre\b/,
      /\b[Cc]ontroles?\b/,
      /\b[Tt]ournees?\b/,
      /\b[Ss]ysteme\b/,
      /\b[Oo]perateurs?\b/,
      /(^|\n)A faire/,
      /Le contrôleur a été modifiée/,
      /\bpreview\b/i,
    ])
      expect(tout).not.toMatch(coquille);
  });
});

describe('message templates', () => {
  it.each([
    [abandonnerControleTitre('08:30'), 'Abandonner le contrôle de 08:30'],
    [
      formuleCodeAbsent('a6', '(a1 + a2) / a3'),
      "La ligne a6 n'est pas calculable car un code de sa formule ((a1 + a2) / a3) n'est pas présent dans le système d'exploitation",
    ],
    [
      formuleEnErreur('a6', 'a1 +'),
      "La ligne a6 n'est pas calculable car un code de sa formule (a1 +) présente une erreur",
    ],
    [
      erreurApercu('Comté'),
      "Erreur lors de la génération de l'aperçu pour le contrôle AOP-IGP Comté",
    ],
    [
      declarationPages(4),
      "L'audité déclare avoir pris connaissance de l'intégralité des 4 pages du présent rapport.",
    ],
  ])('%j', (message, attendu) => {
    expect(message).toBe(attendu);
  });

  it.each([
    [12, true, '4 Go', 'Il manque 12 Mo'],
    [12.2, false, '20 Go', 'Il manque 13 Mo'],
    [-3, true, '4 Go', 'Il manque 0 Mo'],
  ])('storage warning: %s MB missing, Chrome %s', (mb, chrome, requis, manque) => {
    const texte = alerteStockage(mb, chrome);
    expect(texte).toContain(`au moins ${requis} libres`);
    expect(texte).toContain(manque);
  });
});

describe('legal pages', () => {
  it('say what the spec requires', () => {
    const mentions = TEXTES_LEGAUX.mentions.join(' ');
    expect(mentions).toContain('réservé aux utilisateurs enregistrés');
    expect(mentions).toContain('CNAOL');
    const rgpd = [TEXTES_LEGAUX.rgpd.comptes, ...TEXTES_LEGAUX.rgpd.conservation].join(' ');
    expect(rgpd).toContain('créés par un administrateur');
    expect(rgpd).toContain("au moins 5 ans après l'arrêt de leur production");
    expect(rgpd).toContain('8 jours glissants');
    expect(rgpd).toContain('8 jours au plus');
  });
});
