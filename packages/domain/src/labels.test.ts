import { describe, expect, it } from 'vitest';
// Every enumeration value has its label: the `Record<Enum, string>` types in labels.ts say so.
import { GRAVITES, NIVEAUX_CONTROLE, SEUILS } from './enums';
import {
  COULEURS_STATUT_TOURNEE,
  graviteDeSeuil,
  LEGENDE_CONFORMITE,
  legendeConformite,
  LIBELLES_CIVILITE,
  LIBELLES_NIVEAU,
  LIBELLES_SEVERITE,
  LIBELLES_STATUT_HABILITATION,
  libelleColonneGravite,
  libelleNiveau,
  libelleSeverite,
  seuilDeGravite,
} from './labels';

describe('the labels the spec spells out', () => {
  it.each([
    [LIBELLES_STATUT_HABILITATION.VALIDEE, 'Habilité'],
    [LIBELLES_CIVILITE.MONSIEUR, 'Monsieur'],
    [LIBELLES_CIVILITE.MADAME, 'Madame'],
    [LIBELLES_NIVEAU.NON_RENSEIGNE, 'Non renseigné'],
    [legendeConformite('C'), 'C conforme'],
    [legendeConformite('NC'), 'NC non conforme'],
    [legendeConformite('SO'), 'SO sans objet'],
    [legendeConformite('NO'), 'NO non observable'],
    [LEGENDE_CONFORMITE, 'C conforme, NC non conforme, SO sans objet, NO non observable'],
  ])('%j is %j', (libelle, attendu) => {
    expect(libelle).toBe(attendu);
  });
});

describe('gravity and threshold', () => {
  it.each([
    ['MINEUR', 'SEUIL_1'],
    ['MAJEUR', 'SEUIL_2'],
    ['GRAVE', 'SEUIL_3'],
    ['SANS_GRAVITE', 'CONSTATE'],
  ] as const)('%s ↔ %s', (gravite, seuil) => {
    expect(seuilDeGravite(gravite)).toBe(seuil);
    expect(graviteDeSeuil(seuil)).toBe(gravite);
  });

  it.each([
    [false, undefined, 'Gravité'],
    [false, 'Récidive', 'Gravité'],
    [true, 'Récidive', 'Récidive'],
    [true, 'Seuil', 'Seuil'],
    [true, null, 'Seuil'],
    [true, '', 'Seuil'],
    [true, 'Gravité', 'Seuil'],
  ] as const)('severity column, migrated %s, configured %j → %s', (migre, configure, attendu) => {
    expect(libelleColonneGravite(migre, configure)).toBe(attendu);
  });
});

describe('round status colours', () => {
  it.each([
    ['PREPARATION', 'warning', 'yellow'],
    ['ATTENTE_SYNCHRO', 'info', 'blue'],
    ['SYNCHRONISE', 'primary', 'indigo'],
    ['ANNULE', 'negative', 'red'],
    ['TERMINEE', 'positive', 'green'],
  ] as const)('%s → %s (Mantine %s)', (statut, role, mantine) => {
    expect(COULEURS_STATUT_TOURNEE[statut]).toEqual({ role, mantine });
  });
});

describe('codes read from stored data are shown as labels, never as codes', () => {
  it('libelleNiveau labels every level, says when none, keeps an unknown code visible', () => {
    for (const n of NIVEAUX_CONTROLE) {
      expect(libelleNiveau(n)).toBe(LIBELLES_NIVEAU[n]);
      expect(libelleNiveau(n)).not.toMatch(/^[A-Z_]+$/);
    }
    expect(libelleNiveau('SUP_DOC')).toBe('Supplémentaire documentaire');
    expect(libelleNiveau(null)).toBe('Non renseigné');
    expect(libelleNiveau('')).toBe('Non renseigné');
    expect(libelleNiveau('NOUVEAU_NIVEAU')).toBe('NOUVEAU_NIVEAU');
    // A key of Object.prototype is not a level.
    expect(libelleNiveau('toString')).toBe('toString');
  });

  it('libelleSeverite labels gravities and thresholds', () => {
    for (const g of [...GRAVITES, ...SEUILS]) expect(libelleSeverite(g)).toBe(LIBELLES_SEVERITE[g]);
    expect(libelleSeverite('MAJEUR')).toBe('Majeur');
    expect(libelleSeverite('SEUIL_2')).toBe('Seuil 2');
    expect(libelleSeverite(undefined)).toBe('');
    expect(libelleSeverite('constructor')).toBe('constructor');
  });
});
