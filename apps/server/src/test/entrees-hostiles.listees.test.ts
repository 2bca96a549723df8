import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushFrontLogsRequestSchema, pushMoralesRequestSchema } from '@estive/contracts';
import { syncInbox } from '../db/schema';
import { operateurHabilite } from '../modules/synchro/fixtures.test-helpers';
import { bearer, createTestApp, login, type TestContext } from './test-app';

/**
 * Issue 13 item 2, second half: the inputs that broke the push (NUL, a lone surrogate, null, a
 * missing value, nesting 5,000 deep, ids the schema takes as text but the database does not),
 * in every place of each endpoint the issue names. Never a 5xx: a French 400 naming the field;
 * the raw pushes (operators, device logs) keep the request in the inbox and judge each item
 * (an envelope their schema refuses is a 400 before it).
 */

// Built as text: JSON.stringify of it would overflow the stack (JSON.parse is iterative).
const PROFOND = `${'['.repeat(5000)}"fond"${']'.repeat(5000)}`;
/** Raw JSON texts; undefined: the key (or the array element) is left out. */
const VALEURS: [string, string | undefined][] = [
  ['NUL', '"a\\u0000b"'],
  ['a lone surrogate', '"x\\ud800y"'],
  ['null', 'null'],
  ['missing', undefined],
  ['nested 5,000 deep', PROFOND],
  ['id "abc"', '"abc"'],
  ['id "1.5"', '"1.5"'],
  ['id of 20 digits', '"12345678901234567890"'],
  ['1.5', '1.5'],
  ['20 digits', '12345678901234567890'],
];
/** What a free text accepts among them: plain strings. */
const TEXTE_LIBRE = new Set(['id "abc"', 'id "1.5"', 'id of 20 digits']);

const ANGLAIS = /\b(Invalid|Expected|Required|must|received|should|Unexpected)\b/;

let ctx: TestContext;
let token: string;
let inopine: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' });
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  const o = await operateurHabilite(ctx.database.db, 1);
  inopine = {
    pm: o.personneMoraleId,
    aop: o.aopIgpId,
    site: o.siteId,
    activite: o.activiteAopIgpId,
  };
});
afterAll(() => ctx.close());

const nbInbox = async () => (await ctx.database.db.select({ n: count() }).from(syncInbox))[0]!.n;

/** `{"a":1,"b":SLOT}` with SLOT replaced, or the key (or array element) left out. */
function remplir(gabarit: string, v: string | undefined): string {
  if (v !== undefined) return gabarit.replace('SLOT', v);
  return gabarit
    .replace(/,?"[A-Za-z]+":SLOT/, '')
    .replace('[SLOT]', '[]')
    .replace('{,', '{');
}

interface Emplacement {
  url: string;
  /** The field the value goes in. */
  champ: string;
  gabarit: () => string;
  /** A free text: plain strings are valid values there. */
  texte?: boolean;
  /** The value may be left out. */
  facultatif?: boolean;
}

const EMPLACEMENTS: Emplacement[] = [
  {
    url: '/api/auth/login',
    champ: 'login',
    gabarit: () => '{"login":SLOT,"password":"estive"}',
    texte: true,
  },
  {
    url: '/api/auth/login',
    champ: 'password',
    gabarit: () => '{"login":"controleur@estive.test","password":SLOT}',
    texte: true,
  },
  {
    url: '/api/log',
    champ: 'context',
    gabarit: () => '{"context":SLOT,"message":"x"}',
    texte: true,
  },
  {
    url: '/api/log',
    champ: 'message',
    gabarit: () => '{"context":"x","message":SLOT}',
    texte: true,
  },
  ...['personneMoraleId', 'aopIgpId', 'siteIds', 'activiteAopIgpIds', 'fichierIds'].map(
    (champ): Emplacement => ({
      url: '/api/controle/inopine',
      champ,
      facultatif: champ === 'fichierIds',
      gabarit: () => {
        const c: Record<string, unknown> = {
          aopIgpId: inopine.aop,
          siteIds: [inopine.site],
          niveau: 'INIT_CIBLE_INO',
          activiteAopIgpIds: [inopine.activite],
          fichierIds: [],
          clientUuid: randomUUID(),
        };
        const corps: Record<string, unknown> = {
          personneMoraleId: inopine.pm,
          date: '2026-11-24T08:00:00+01:00',
          controles: [c],
        };
        if (champ === 'personneMoraleId') corps[champ] = '__SLOT__';
        else c[champ] = champ === 'aopIgpId' ? '__SLOT__' : ['__SLOT__'];
        return JSON.stringify(corps).replace('"__SLOT__"', 'SLOT');
      },
    }),
  ),
  {
    url: '/api/controle/inopine',
    champ: 'date',
    gabarit: () => '{"personneMoraleId":"1","date":SLOT}',
  },
];

describe('the push inputs on the endpoints the issue names: 400 in French, never 500', () => {
  for (const { url, champ, gabarit, texte, facultatif } of EMPLACEMENTS) {
    for (const [nom, v] of VALEURS) {
      it(`${url} ${champ} ← ${nom}`, async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: remplir(gabarit(), v),
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        if ((texte && TEXTE_LIBRE.has(nom)) || (facultatif && v === undefined)) return;
        expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        const corps = res.json<{ message: string; fieldErrors: { defaultMessage: string }[] }>();
        expect(corps.fieldErrors.length, res.body).toBeGreaterThan(0);
        for (const m of [corps.message, ...corps.fieldErrors.map((f) => f.defaultMessage)]) {
          expect(m).not.toMatch(ANGLAIS);
        }
      });
    }
  }
});

describe('the raw pushes keep the request and judge each item', () => {
  const BRUTS: [string, string][] = [
    ['/api/synchro/morale', '{"morales":[{"id":SLOT,"mail":"a@b.fr"}]}'],
    ['/api/synchro/morale', '{"morales":[{"id":"1","mail":SLOT}]}'],
    ['/api/synchro/morale', '{"morales":SLOT}'],
    [
      '/api/synchro/frontlogs',
      '{"logs":[{"id":SLOT,"source":"x","logs":"y","creation":"2026-01-01T00:00:00Z"}]}',
    ],
    [
      '/api/synchro/frontlogs',
      '{"logs":[{"id":"1","source":"x","logs":SLOT,"creation":"2026-01-01T00:00:00Z"}]}',
    ],
    ['/api/synchro/frontlogs', '{"logs":SLOT}'],
  ];
  for (const [url, gabarit] of BRUTS) {
    it(`${url} ${gabarit.slice(0, 40)}…: below 500, in the inbox once the envelope holds`, async () => {
      const enveloppe =
        url === '/api/synchro/morale' ? pushMoralesRequestSchema : pushFrontLogsRequestSchema;
      for (const [nom, v] of VALEURS) {
        const avant = await nbInbox();
        const texte = remplir(gabarit, v);
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: texte,
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expect([nom, res.statusCode < 500], res.body.slice(0, 300)).toEqual([nom, true]);
        // An envelope the route's schema refuses (an item without an id) is a 400 before the
        // service; every other request is kept before its items are judged.
        const tenue = enveloppe.safeParse(JSON.parse(texte)).success;
        expect([nom, await nbInbox()]).toEqual([nom, avant + (tenue ? 1 : 0)]);
        if (!tenue) expect([nom, res.statusCode]).toEqual([nom, 400]);
        if (res.statusCode >= 400) {
          expect(res.json<{ message: string }>().message).not.toMatch(ANGLAIS);
        }
      }
    });
  }
});

describe('paging of /api/panier', () => {
  const PAGES: [string, string, number][] = [
    ['NUL', '%00', 400],
    ['a lone surrogate (its UTF-8 bytes)', '%ED%A0%80', 400],
    ['null', 'null', 400],
    ['nested 5,000 deep', encodeURIComponent(PROFOND), 400],
    ['"abc"', 'abc', 400],
    ['"1.5"', '1.5', 400],
    ['20 digits', '12345678901234567890', 400],
    ['-1', '-1', 400],
  ];
  for (const [nom, v, statut] of PAGES) {
    it(`page or size ${nom}: ${String(statut)} in French`, async () => {
      for (const cle of ['page', 'size']) {
        const res = await ctx.app.inject({
          url: `/api/panier?${cle}=${v}`,
          headers: bearer(token),
        });
        expect([cle, res.statusCode]).toEqual([cle, statut]);
        expect(res.json<{ message: string }>().message).not.toMatch(ANGLAIS);
      }
    });
  }
});
