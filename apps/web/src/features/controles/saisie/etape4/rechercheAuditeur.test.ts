import { describe, expect, it } from 'vitest';
import { FILTRES_VIDES, filtrerAuditeurs } from './rechercheAuditeur';
import { auditeurChoisi, avecAuditeur, signeeParAuditeur, syntheseVide } from './synthese';

const auditeur = (nom: string, prenom: string, organisme: string | null = 'CIGC') => ({
  id: `${nom}-${prenom}`,
  nom,
  prenom,
  mail: `${prenom}@example.fr`.toLowerCase(),
  telephone: null,
  organisme,
});

const LISTE = [
  auditeur('Vuillet', 'Claire'),
  auditeur('Émery', 'Léa', 'ODG Mont d’Or'),
  auditeur('Jeanningros', 'Marc'),
  auditeur('emery', 'Paul', null),
];

const noms = (l: { prenom: string; nom: string }[]) => l.map((a) => `${a.prenom} ${a.nom}`);

describe('filtrerAuditeurs', () => {
  it('sorts by nom then prénom, ignoring case and accents', () => {
    expect(noms(filtrerAuditeurs(LISTE, FILTRES_VIDES))).toEqual([
      'Léa Émery',
      'Paul emery',
      'Marc Jeanningros',
      'Claire Vuillet',
    ]);
  });

  it('keeps those matching every filter, as a contained text without accents', () => {
    expect(noms(filtrerAuditeurs(LISTE, { ...FILTRES_VIDES, nom: ' EME' }))).toEqual([
      'Léa Émery',
      'Paul emery',
    ]);
    expect(noms(filtrerAuditeurs(LISTE, { nom: 'em', prenom: 'lea', organisme: 'mont' }))).toEqual([
      'Léa Émery',
    ]);
    expect(filtrerAuditeurs(LISTE, { ...FILTRES_VIDES, organisme: 'cigc' })).toHaveLength(2);
    expect(filtrerAuditeurs(LISTE, { ...FILTRES_VIDES, prenom: 'zoé' })).toEqual([]);
  });
});

describe('avecAuditeur', () => {
  const marc = { id: '42', nom: 'Jeanningros', prenom: 'Marc', mail: 'm@x.fr', telephone: null };

  it('names the chosen auditor on every AOP-IGP of the visit, observations kept', () => {
    const s = avecAuditeur(
      { '3': { ...syntheseVide(), audite: { ...syntheseVide().audite, observation: 'RAS' } } },
      ['3', '7'],
      marc,
    );
    expect(auditeurChoisi(s['3']!)).toEqual(marc);
    expect(auditeurChoisi(s['7']!)).toEqual(marc);
    expect(s['3']!.audite.observation).toBe('RAS');
    expect(auditeurChoisi(syntheseVide())).toBeNull();
  });

  it('leaves a synthesis the auditor already signed to its signer', () => {
    const signee = signeeParAuditeur(syntheseVide(), 'data:image/png;base64,x');
    const s = avecAuditeur({ '3': signee }, ['3', '7'], marc);
    expect(s['3']).toBe(signee);
    expect(auditeurChoisi(s['7']!)).toEqual(marc);
  });
});
