import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { cycles } from './cycles.js';
import frontieres, { grapheDesFeatures } from './frontieres.js';

// The rule alone (no type information: fast), on files placed where the tree has them, each with
// one deliberate break; then the project's eslint.config.js is shown to switch it on everywhere,
// so `npm run lint` cannot pass with an architecture break in it.
const racine = path.resolve(import.meta.dirname, '..');
const seule = new ESLint({
  cwd: racine,
  overrideConfigFile: true,
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { estive: frontieres },
    rules: { 'estive/frontieres': 'error' },
  },
});

async function infractions(fichier: string, code: string): Promise<string[]> {
  const [resultat] = await seule.lintText(code, { filePath: path.join(racine, fichier) });
  if (!resultat) throw new Error('ESLint did not answer');
  const fatales = resultat.messages.filter((m) => m.fatal);
  if (fatales.length > 0) throw new Error(fatales.map((m) => m.message).join('\n'));
  return resultat.messages.map((m) => m.message);
}

describe('frontières d’import (docs/architecture.md §2)', () => {
  it.each([
    [
      'a module reaching into another module’s repository',
      'apps/server/src/modules/controles/frontiere.service.ts',
      "export { enregistrerSortieDePerimetre } from '../synchro/tombstones.repository';",
      "le module controles n'utilise synchro que par son service",
    ],
    [
      'a route skipping its service',
      'apps/server/src/modules/panier/frontiere.routes.ts',
      "export { createPanierRepository } from './panier.repository';",
      'une route passe par le service',
    ],
    [
      'a repository depending on its service',
      'apps/server/src/modules/panier/frontiere.repository.ts',
      "export { createPanierService } from './panier.service';",
      'un repository ne dépend pas des couches au-dessus',
    ],
    [
      'a presenter reaching into its repository',
      'apps/server/src/modules/synchro/frontiere.presenter.ts',
      "export { createReferenceDocumentsRepository } from './reference-documents.repository';",
      'un presenter met en forme des lignes',
    ],
    [
      'the domain importing contracts',
      'packages/domain/src/frontiere.ts',
      "export { principalSchema } from '@estive/contracts';",
      'le paquet domain ne peut importer que des bibliothèques tierces',
    ],
    [
      'contracts importing the report',
      'packages/contracts/src/frontiere.ts',
      "export * from '../../report/src/index';",
      'le paquet contracts ne peut importer que domain',
    ],
    [
      'the report importing contracts',
      'packages/report/src/frontiere.ts',
      "export * from '@estive/contracts';",
      'le paquet report ne peut importer que domain',
    ],
    [
      'the web importing the server',
      'apps/web/src/lib/frontiere.ts',
      "export { buildApp } from '../../../server/src/app';",
      'le web ne dépend jamais du serveur',
    ],
    [
      'the server importing the web',
      'apps/server/src/lib/frontiere.ts',
      "export { db } from '../../../web/src/offline/db';",
      'le serveur ne dépend jamais du web',
    ],
    [
      'a feature reaching into another feature’s file',
      'apps/web/src/features/tournees/frontiere.ts',
      "export { BoutonSynchro } from '../synchro/BoutonSynchro';",
      "la feature tournees n'utilise synchro que par son index.ts",
    ],
    [
      'lib/ importing a feature',
      'apps/web/src/lib/frontiere.ts',
      "export { BoutonSynchro } from '../features/synchro';",
      'lib/ est sous les features',
    ],
    // Issue 31 item 4: the zones the rule did not see, each broken once.
    [
      'a presenters.ts calling its repository',
      'apps/server/src/modules/tournees/presenters.ts',
      "export { createTourneesRepository } from './tournees.repository';",
      'un presenter met en forme des lignes',
    ],
    [
      'a module file in no layer',
      'apps/server/src/modules/synchro/frontiere.ts',
      'export const rien = 1;',
      'fichier de module sans couche',
    ],
    [
      'a file classified as service by name (apply-*) reaching the routes',
      'apps/server/src/modules/synchro/apply-controle.ts',
      "export { synchroRoutes } from './synchro.routes';",
      'un service ne dépend pas des routes',
    ],
    [
      'a pure file (cursor) calling a repository',
      'apps/server/src/modules/synchro/cursor.ts',
      "export { lireLot } from './feeds.repository';",
      "un fichier pur (sans I/O) n'importe que des fichiers purs",
    ],
    [
      'a service starting its module’s job',
      'apps/server/src/modules/synchro/frontiere.service.ts',
      "export { demarrerPurgePeriodique } from './purge.job';",
      'un module est composé par son job',
    ],
    [
      'a module calling a plugin',
      'apps/server/src/modules/synchro/frontiere.service.ts',
      "export { registerErrorHandler } from '../../plugins/errors';",
      'un module ne dépend pas de plugins',
    ],
    [
      'a plugin reaching a module’s routes',
      'apps/server/src/plugins/frontiere.ts',
      "export { synchroRoutes } from '../modules/synchro/synchro.routes';",
      'un plugin utilise un module par son service ou son repository',
    ],
    [
      'lib/ importing a plugin',
      'apps/server/src/lib/frontiere.ts',
      "export { registerErrorHandler } from '../plugins/errors';",
      'lib est sous plugins',
    ],
    [
      'a module running an ops script',
      'apps/server/src/modules/synchro/frontiere.service.ts',
      "export { creerRejeu } from '../../ops/rejeu';",
      'un module ne dépend pas de ops',
    ],
    [
      'a plugin importing ops/',
      'apps/server/src/plugins/frontiere.ts',
      "export { creerRejeu } from '../ops/rejeu';",
      'plugins est sous ops',
    ],
    [
      'a server folder in no level',
      'apps/server/src/outils/frontiere.ts',
      'export const rien = 1;',
      'dossier du serveur non classé',
    ],
    [
      'lib/ importing offline/',
      'apps/web/src/lib/frontiere.ts',
      "export { db } from '../offline/db';",
      'lib/ est sous offline/',
    ],
    [
      'the domain’s index exporting the demo data',
      'packages/domain/src/grille/index.ts',
      "export * from './fixtures';",
      'les données de démonstration ne servent qu',
    ],
    [
      'a screen importing the demo data',
      'apps/web/src/features/controles/frontiere.ts',
      "export { grilleComteDemo } from '@estive/domain/demo';",
      'les données de démonstration ne servent qu',
    ],
    [
      'a web feature closing a cycle (tournees already imports programmation)',
      'apps/web/src/features/programmation/frontiere.ts',
      "export * from '../tournees';",
      'Cycle entre features : programmation → tournees → programmation',
    ],
    [
      'a server module closing a cycle (tournees already calls synchro)',
      'apps/server/src/modules/synchro/frontiere.service.ts',
      "export type { TourneesService } from '../tournees/tournees.service';",
      'Cycle entre features : synchro → tournees → synchro',
    ],
  ])('refuses %s', async (_cas, fichier, code, attendu) => {
    const messages = await infractions(fichier, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(attendu);
  });

  it.each([
    [
      'a module using another through its service',
      'apps/server/src/modules/controles/frontiere.service.ts',
      "export type { SynchroService } from '../synchro/synchro.service';",
    ],
    [
      'a feature using another through its index.ts',
      'apps/web/src/features/tournees/frontiere.ts',
      "export { BoutonSynchro } from '../synchro';",
    ],
    [
      'a presenter using another presenter',
      'apps/server/src/modules/synchro/frontiere.presenter.ts',
      "export { idOuNull } from './documents.presenter';",
    ],
    [
      'contracts importing the domain',
      'packages/contracts/src/frontiere.ts',
      "export * from '@estive/domain';",
    ],
    [
      'a feature using the session',
      'apps/web/src/features/tournees/frontiere.ts',
      "export { useSession } from '../../offline/session/session';",
    ],
    [
      'a presenters.ts naming the rows its repository returns',
      'apps/server/src/modules/tournees/presenters.ts',
      "export type { LigneTournee } from './tournees.repository';",
    ],
    [
      'a module naming the type of what app.ts builds in plugins/',
      'apps/server/src/modules/auth/frontiere.service.ts',
      "export type { LimiteurConnexion } from '../../plugins/limiteur-connexion';",
    ],
    [
      'an ops script wiring a repository, as app.ts does',
      'apps/server/src/ops/frontiere.ts',
      "export { createAuthRepository } from '../modules/auth/auth.repository';",
    ],
    [
      'offline/ calling the server through lib/api',
      'apps/web/src/offline/frontiere.ts',
      "export { api } from '../lib/api';",
    ],
    [
      'the server’s demo/ seeding from the demo data',
      'apps/server/src/demo/frontiere.ts',
      "export { GROUPES_DEMO } from '@estive/domain/demo';",
    ],
    [
      'a test building on the demo data',
      'apps/web/src/features/controles/frontiere.test.ts',
      "export { grilleComteDemo } from '@estive/domain/demo';",
    ],
  ])('accepts %s', async (_cas, fichier, code) => {
    expect(await infractions(fichier, code)).toEqual([]);
  });
});

describe('feature cycles', () => {
  it('finds a cycle of any length, and only the features on it', () => {
    const graphe = new Map([
      ['web:a', new Set(['web:b'])],
      ['web:b', new Set(['web:c'])],
      ['web:c', new Set(['web:a', 'web:d'])],
    ]);
    expect(cycles(graphe)).toEqual([['web:a', 'web:b', 'web:c']]);
    graphe.set('web:c', new Set(['web:d']));
    expect(cycles(graphe)).toEqual([]);
  });

  it('leaves none in the tree (web features and server modules)', () => {
    expect(cycles(grapheDesFeatures())).toEqual([]);
    // The graph is the tree's: rounds embed the programming table.
    expect(grapheDesFeatures().get('web:tournees')).toContain('web:programmation');
  });
});

describe('eslint.config.js', () => {
  const projet = new ESLint({ cwd: racine });
  it.each([
    'packages/domain/src/index.ts',
    'packages/contracts/src/index.ts',
    'packages/report/src/index.ts',
    'apps/server/src/app.ts',
    'apps/server/src/modules/controles/controles.service.ts',
    'apps/web/src/app/App.tsx',
    'apps/web/src/features/tournees/TourneePage.tsx',
  ])('treats a boundary break and a non-exhaustive switch in %s as errors', async (fichier) => {
    const config = (await projet.calculateConfigForFile(path.join(racine, fichier))) as {
      rules?: Record<string, unknown[]>;
    };
    expect(config.rules?.['estive/frontieres']).toEqual([2]);
    expect(config.rules?.['@typescript-eslint/switch-exhaustiveness-check']?.[0]).toBe(2);
  });

  it('lets no warning through (`--max-warnings 0`)', async () => {
    const { readFile } = await import('node:fs/promises');
    const paquet = JSON.parse(await readFile(path.join(racine, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(paquet.scripts['lint']).toMatch(/^eslint \. --max-warnings 0 /);
  });
});
