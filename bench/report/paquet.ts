/**
 * The bench page's script: bench/report/page.ts bundled from node_modules as the web app's bundler
 * would (pdfmake's browser build, minified). The fallback fonts are `?url` asset imports in the
 * package (Vite emits them): here each becomes a data URL of its file, so the bundle stands alone
 * in a blank page (the fixtures print none of them; pdfmake's URL policy would refuse them).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ici = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(ici, '../../packages/report/src/navigateur.ts'));

const ressourcesUrl: Plugin = {
  name: 'ressources-url',
  setup(b) {
    b.onResolve({ filter: /\?url$/ }, (args) => ({
      path: require.resolve(args.path.replace(/\?url$/, '')),
      namespace: 'ressource-url',
    }));
    b.onLoad({ filter: /.*/, namespace: 'ressource-url' }, (args) => ({
      contents: `export default ${JSON.stringify(`data:font/woff;base64,${readFileSync(args.path).toString('base64')}`)};`,
      loader: 'js',
    }));
  },
};

/** `minify: false` keeps pdfmake's and pdfkit's function names, for a readable CPU profile. */
export async function scriptDePage({ minify = true } = {}): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [path.join(ici, 'page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify,
    logLevel: 'error',
    plugins: [ressourcesUrl],
  });
  const [sortie] = outputFiles;
  if (!sortie) throw new Error('bench/report : paquet vide');
  return sortie.text;
}
