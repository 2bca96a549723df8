import { defineConfig } from 'vitest/config';

/**
 * Compiled servers on a real PostgreSQL: two nodes on one database (docs/architecture.md §9), and
 * the database stopped under traffic (on a cluster of its own). Only where a PostgreSQL is given,
 * as `.ci/run` does (`node scripts/test.mjs --server-only` with DATABASE_URL). One file at a time:
 * each builds `dist/`.
 */
const deuxNoeuds = {
  test: {
    name: 'server-pg',
    root: 'apps/server',
    include: ['src/**/*.pg-test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'report',
          root: 'packages/report',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.DATABASE_URL ? [deuxNoeuds] : []),
      {
        test: {
          // The lint configuration itself: a deliberate architecture break must fail `npm run lint`.
          name: 'lint',
          root: 'eslint',
          include: ['*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.composant.test.tsx'],
        },
      },
      {
        // Forms and their rules as a user meets them (Testing Library on jsdom): `*.composant.test.tsx`.
        test: {
          name: 'web-composants',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.composant.test.tsx'],
          setupFiles: ['src/test/composants.setup.ts'],
          // Forms submit to the real server (a child process on a throwaway PGlite, demo seed).
          globalSetup: ['src/test/serveur-reel.global-setup.ts'],
          hookTimeout: 240_000,
          testTimeout: 30_000,
          css: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      // Issue 'Domain rules': the rules every screen and the server rely on stay covered.
      thresholds: { lines: 95 },
    },
  },
});
