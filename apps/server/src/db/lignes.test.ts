import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne } from './lignes';

describe('colonne: what both drivers answer, read the same', () => {
  it('reads bigint and counts given as text (node-postgres) or numbers (PGlite)', () => {
    expect(colonne.entier.parse('9007199254740')).toBe(9007199254740);
    expect(colonne.entier.parse(42)).toBe(42);
    expect(colonne.nombre.parse('12.5')).toBe(12.5);
    const instant = colonne.instant.parse('2026-11-27T08:00:00.000Z');
    expect(instant).toBeInstanceOf(Date);
    expect(instant.toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });

  it('never turns a null into 0 or 1970: a nullable column says so', () => {
    expect(() => colonne.entier.parse(null)).toThrow();
    expect(() => colonne.nombre.parse(null)).toThrow();
    expect(() => colonne.instant.parse(null)).toThrow();
    expect(colonne.entier.nullable().parse(null)).toBeNull();
    expect(colonne.instant.nullable().parse(null)).toBeNull();
  });

  it('refuses what is not a number or a date', () => {
    expect(() => colonne.entier.parse('douze')).toThrow();
    expect(() => colonne.entier.parse('')).toThrow();
    expect(() => colonne.entier.parse('1.5')).toThrow();
    expect(() => colonne.instant.parse('pas une date')).toThrow();
    expect(() => z.object({ id: colonne.entier }).parse({})).toThrow();
  });
});
