import { describe, expect, it } from 'vitest';
import {
  CHAMPS_MODELE,
  erreurModele,
  exemplesModele,
  MODELES_PAR_DEFAUT,
  paragraphes,
  remplirModele,
  texteRempli,
  TYPES_MODELE,
} from './modeles';

describe('document templates', () => {
  it.each(TYPES_MODELE)('the default %s template names only its own fields', (type) => {
    const { objet, corps } = MODELES_PAR_DEFAUT[type];
    expect(erreurModele(type, objet)).toBeNull();
    expect(erreurModele(type, corps)).toBeNull();
  });

  it.each([
    ['AVIS_PASSAGE', 'Le {{jour}} {{ heure }}', null],
    ['AVIS_PASSAGE', 'Le {{date}}', "Le champ {{date}} n'existe pas pour ce modèle"],
    [
      'PLANNING',
      '{{operateur}} {{aop}} {{operateur}}',
      "Les champs {{operateur}}, {{aop}} n'existent pas pour ce modèle",
    ],
    [
      'COURRIER_NOTIFICATION',
      'Échéance {{echeance}',
      'Un champ est mal écrit : il s’écrit entre doubles accolades, par exemple {{odg}}',
    ],
    ['COURRIER_NOTIFICATION', 'Texte libre { entre accolades }', null],
  ] as const)('%s %j → %j', (type, texte, erreur) => {
    expect(erreurModele(type, texte)).toBe(erreur);
  });

  it('fills placeholders, prints a missing one empty and keeps single spaces', () => {
    expect(
      remplirModele('Le {{jour}} {{heure}} par {{controleur}}, {{inconnu}}fin', {
        jour: 'mardi 24 novembre 2026',
        heure: '',
        controleur: 'Julien Martin',
      }),
    ).toBe('Le mardi 24 novembre 2026 par Julien Martin, fin');
  });

  it('cuts a body into paragraphs at blank lines, keeping single line breaks', () => {
    expect(paragraphes('Un\n\n  \nDeux\nsuite\n\n\nTrois  ')).toEqual([
      'Un',
      'Deux\nsuite',
      'Trois',
    ]);
  });

  it.each(TYPES_MODELE)('the %s preview has a sample for every field', (type) => {
    expect(Object.keys(exemplesModele(type))).toEqual(CHAMPS_MODELE[type].map((c) => c.cle));
  });
});

describe('texteRempli', () => {
  it('marks the table paragraph and fills the others', () => {
    expect(
      texteRempli(
        {
          objet: ' Passage du {{jour}} ',
          corps: 'Bonjour {{operateur}},\n\n{{ tableau_appellations }}\n\nFin',
        },
        { jour: '24/11', operateur: 'GAEC' },
      ),
    ).toEqual({ objet: 'Passage du 24/11', paragraphes: ['Bonjour GAEC,', null, 'Fin'] });
  });
});
