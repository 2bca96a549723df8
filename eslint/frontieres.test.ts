import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import frontieres from './frontieres.js';

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
      'apps/server/src/modules/controles/frontiere.ts',
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
      "export type { ReferenceDocumentsRepository } from './reference-documents.repository';",
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
  ])('refuses %s', async (_cas, fichier, code, attendu) => {
    const messages = await infractions(fichier, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(attendu);
  });

  it.each([
    [
      'a module using another through its service',
      'apps/server/src/modules/controles/frontiere.ts',
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
      'a feature using the session in lib/',
      'apps/web/src/features/tournees/frontiere.ts',
      "export { useSession } from '../../lib/session/session';",
    ],
  ])('accepts %s', async (_cas, fichier, code) => {
    expect(await infractions(fichier, code)).toEqual([]);
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
  ])('treats a boundary break in %s as an error', async (fichier) => {
    const config = (await projet.calculateConfigForFile(path.join(racine, fichier))) as {
      rules?: Record<string, unknown>;
    };
    expect(config.rules?.['estive/frontieres']).toEqual([2]);
  });

  it('lets no warning through (`--max-warnings 0`)', async () => {
    const { readFile } = await import('node:fs/promises');
    const paquet = JSON.parse(await readFile(path.join(racine, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(paquet.scripts['lint']).toMatch(/^eslint \. --max-warnings 0 /);
  });
});
