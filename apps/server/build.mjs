// Compiles the server for production: one ESM bundle per entry in dist/, with the workspace
// packages (which export TypeScript sources) bundled in and every npm dependency left to
// node_modules, plus the SQL migrations the bundle reads at start. `node dist/main.js` needs no tsx.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const racine = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(racine, 'dist');

/** Bare imports stay external, except the workspace's own packages. */
const dependancesExternes = {
  name: 'dependances-externes',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@estive/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: racine,
  entryPoints: {
    main: 'src/main.ts',
    demo: 'src/demo/cli.ts',
    'rejouer-inbox': 'src/ops/rejouer-inbox.ts',
    'deriver-manquements': 'src/ops/deriver-manquements.ts',
    'pglite-vers-postgres': 'src/ops/pglite-vers-postgres.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [dependancesExternes],
  logLevel: 'warning',
});
cpSync(path.join(racine, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built in ${path.relative(process.cwd(), dist) || '.'}`);
