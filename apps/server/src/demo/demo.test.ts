import { sql, type SQL } from 'drizzle-orm';
import { AOPS_DEMO } from '@estive/domain/demo';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import { describe, expect, it } from 'vitest';
import { baseDuFichier } from '../test/test-app';
import { luhnValide } from './random';

const database = baseDuFichier();

const rows = <S extends z.ZodType>(query: SQL, schema: S) => lignes(database().db, query, schema);

describe('demo data', () => {
  it('holds about 2,000 operators, each with a 14-digit SIRET that passes the Luhn check', async () => {
    const sirets = await rows(
      sql`select siret from personne_morale`,
      z.object({ siret: colonne.texte }),
    );
    expect(sirets.length).toBe(2000);
    for (const { siret } of sirets) {
      expect(siret).toMatch(/^\d{14}$/);
      expect(luhnValide(siret)).toBe(true);
    }
  });

  it('habilitates the operator of every control for the control AOP-IGP (VALIDEE)', async () => {
    const orphans = await rows(
      sql`
      select c.id from controle c
       where not exists (select 1 from habilitation h
                          where h.personne_morale_id = c.personne_morale_id
                            and h.aop_igp_id = c.aop_igp_id and h.statut = 'VALIDEE')`,
      z.object({ id: colonne.entier }),
    );
    const [total] = await rows(
      sql`select count(*)::int as n from controle`,
      z.object({ n: colonne.entier }),
    );
    expect(total!.n).toBeGreaterThan(20);
    expect(orphans).toEqual([]);
  });

  it('plans controls for the demo controller in the current and the next week', async () => {
    const weeks = await rows(
      sql`
      select ((date_trunc('week', c.date at time zone 'Europe/Paris')::date - date_trunc('week', now() at time zone 'Europe/Paris')::date) / 7)::int as semaine,
             count(*)::int as n
        from controle c join utilisateur u on u.id = c.controleur_id
       where u.login = 'controleur@estive.test' and c.statut = 'PROGRAMME'
       group by 1 order by 1`,
      z.object({ semaine: colonne.entier, n: colonne.entier }),
    );
    expect(weeks.map((w) => w.semaine)).toEqual([0, 1]);
    expect(weeks.every((w) => w.n >= 5)).toBe(true);
  });

  it('never plans a control on a Sunday (Europe/Paris)', async () => {
    const sundays = await rows(
      sql`select id from controle where extract(isodow from date at time zone 'Europe/Paris') = 7`,
      z.object({ id: colonne.entier }),
    );
    expect(sundays).toEqual([]);
  });

  it('leaves previous shortcomings open on operators the controller visits this week', async () => {
    const open = await rows(
      sql`
      select count(distinct m.id)::int as n from manquement m
        join controle c on c.personne_morale_id = m.personne_morale_id and c.statut = 'PROGRAMME'
        join utilisateur u on u.id = c.controleur_id and u.login = 'controleur@estive.test'
       where m.etat = 'EN_COURS'`,
      z.object({ n: colonne.entier }),
    );
    expect(open[0]!.n).toBeGreaterThan(0);
  });

  it('gives every control point of a label thresholds or a gravity, and links exploitation points', async () => {
    const bad = await rows(
      sql`
      select pca.id from point_controle_aop pca join point_controle pc on pc.id = pca.point_controle_id
       where (pc.source = 'EXPLOITATION' and pca.point_sys_exp_id is null)
          or (pc.source <> 'CONSTAT' and pca.seuil->'grave' = 'null' and pca.seuil->'majeur' = 'null' and pca.seuil->'mineur' = 'null')
          or (pc.source = 'CONSTAT' and pca.gravite is null)`,
      z.object({ id: colonne.entier }),
    );
    expect(bad).toEqual([]);
  });

  it("seeds exactly the domain's demo labels: each point, its thresholds and its line", async () => {
    const stockes = await rows(
      sql`
      select a.libelle as aop, pc.code, pca.seuil, pse.code as ligne
        from point_controle_aop pca
        join point_controle pc on pc.id = pca.point_controle_id
        join aop_igp a on a.id = pca.aop_igp_id
        left join point_sys_exp pse on pse.id = pca.point_sys_exp_id
       order by a.libelle, pc.code`,
      z.object({
        aop: colonne.texte,
        code: colonne.texte,
        seuil: colonne.json,
        ligne: colonne.texte.nullable(),
      }),
    );
    const seuil = (s: readonly [string, number] | null | undefined) =>
      s ? { operateur: s[0], valeur: s[1] } : null;
    const attendus = AOPS_DEMO.flatMap((a) =>
      a.points.map((p) => ({
        aop: a.libelle,
        code: p.code,
        seuil: {
          grave: seuil(p.seuils?.[0]),
          majeur: seuil(p.seuils?.[1]),
          mineur: seuil(p.seuils?.[2]),
        },
        ligne: p.exploitation ?? null,
      })),
    );
    const ordre = (x: { aop: string; code: string }, y: { aop: string; code: string }) =>
      `${x.aop} ${x.code}`.localeCompare(`${y.aop} ${y.code}`);
    expect([...stockes].sort(ordre)).toEqual(attendus.sort(ordre));
  });

  it('has the three demo accounts with their roles', async () => {
    const users = await rows(
      sql`select login, roles from utilisateur where login in ('cnaol@estive.test','animateur@estive.test','controleur@estive.test') order by login`,
      z.object({ login: colonne.texte, roles: z.array(colonne.texte) }),
    );
    expect(users).toEqual([
      { login: 'animateur@estive.test', roles: ['ROLE_ANIMATEUR'] },
      { login: 'cnaol@estive.test', roles: ['ROLE_CNAOL'] },
      { login: 'controleur@estive.test', roles: ['ROLE_CONTROLEUR'] },
    ]);
  });
});
