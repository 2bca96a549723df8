import { describe, expect, it } from 'vitest';
import {
  CIVILITES,
  CONFORMITES,
  ETATS_MANQUEMENT,
  GRAVITES,
  NATURES_CONTROLE,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  SEUILS,
  STATUTS_CONTROLE,
  STATUTS_HABILITATION,
  STATUTS_TOURNEE,
  TYPES_DOCUMENT,
} from './enums';
import {
  COULEURS_STATUT_TOURNEE,
  graviteDeSeuil,
  LEGENDE_CONFORMITE,
  legendeConformite,
  LIBELLES_CIVILITE,
  LIBELLES_CONFORMITE,
  LIBELLES_ETAT_MANQUEMENT,
  LIBELLES_GRAVITE,
  LIBELLES_NATURE,
  LIBELLES_NIVEAU,
  LIBELLES_RESULTAT,
  LIBELLES_SEUIL,
  LIBELLES_SEVERITE,
  LIBELLES_STATUT_CONTROLE,
  LIBELLES_STATUT_HABILITATION,
  LIBELLES_STATUT_TOURNEE,
  LIBELLES_TYPE_DOCUMENT,
  libelleColonneGravite,
  libelleNiveau,
  libelleSeverite,
  seuilDeGravite,
} from './labels';

describe('every enumeration value has a French label', () => {
  const tables: [string, readonly string[], Record<string, string>][] = [
    ['niveaux', [...NIVEAUX_CONTROLE, 'NON_RENSEIGNE'], LIBELLES_NIVEAU],
    ['statuts contrôle', STATUTS_CONTROLE, LIBELLES_STATUT_CONTROLE],
    ['statuts tournée', STATUTS_TOURNEE, LIBELLES_STATUT_TOURNEE],
    ['résultats', RESULTATS_CONTROLE, LIBELLES_RESULTAT],
    ['natures', NATURES_CONTROLE, LIBELLES_NATURE],
    ['états manquement', ETATS_MANQUEMENT, LIBELLES_ETAT_MANQUEMENT],
    ['statuts habilitation', STATUTS_HABILITATION, LIBELLES_STATUT_HABILITATION],
    ['conformités', CONFORMITES, LIBELLES_CONFORMITE],
    ['gravités', GRAVITES, LIBELLES_GRAVITE],
    ['seuils', SEUILS, LIBELLES_SEUIL],
    ['sévérités', [...GRAVITES, ...SEUILS], LIBELLES_SEVERITE],
    ['civilités', CIVILITES, LIBELLES_CIVILITE],
    ['types de document', TYPES_DOCUMENT, LIBELLES_TYPE_DOCUMENT],
  ];
  it.each(tables)('%s', (_nom, valeurs, libelles) => {
    expect(Object.keys(libelles).sort()).toEqual([...valeurs].sort());
    for (const v of valeurs) expect(libelles[v]?.trim()).toBeTruthy();
  });
});

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
