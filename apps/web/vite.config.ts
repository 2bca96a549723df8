import { execSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The build id (git sha + build time) identifies the front end: it is sent as X-App-Version on
 * every call and written to dist/version.json, from which the server answers GET /api/version.
 */
function buildId(): string {
  let sha = 'dev';
  try {
    sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Outside a git checkout (an archive): the timestamp alone still tells builds apart.
  }
  return `${sha}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
}

const BUILD_ID = process.env.ESTIVE_BUILD_ID ?? buildId();

function versionJson(): Plugin {
  return {
    name: 'estive-version-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ sha: BUILD_ID, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/** Text files worth compressing (woff, png, pdf are compressed already; maps are for devtools). */
const A_PRECOMPRESSER = /\.(js|mjs|css|html|svg|json|webmanifest|ttf|txt)$/;

/**
 * Writes `name.br` (brotli 11) and `name.gz` (gzip 9) beside every text file of the build, once,
 * for the server (`@fastify/static`'s preCompressed) and nginx (`gzip_static`, `brotli_static`)
 * to send as they are: the best ratio at no CPU per request (issue 29). Runs after the service
 * worker is generated (order 'post', sequential) so that sw.js is compressed too. A file under
 * 1 KB, or one that would not shrink by a tenth, keeps only its plain form.
 */
function precompresser(): Plugin {
  let config: ResolvedConfig | undefined;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'estive-precompresser',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config) return;
        const dist = path.resolve(config.root, config.build.outDir);
        const fichiers = (await readdir(dist, { recursive: true })).filter((f) =>
          A_PRECOMPRESSER.test(f),
        );
        await Promise.all(
          fichiers.map(async (f) => {
            const brut = await readFile(path.join(dist, f));
            if (brut.length < 1024) return;
            const [enBr, enGz] = await Promise.all([
              br(brut, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: brut.length,
                },
              }),
              gz(brut, { level: 9 }),
            ]);
            if (enGz.length > brut.length * 0.9) return;
            await writeFile(path.join(dist, `${f}.gz`), enGz);
            await writeFile(path.join(dist, `${f}.br`), enBr);
          }),
        );
      },
    },
  };
}

const API = process.env.ESTIVE_API ?? 'http://localhost:8080';

export default defineConfig({
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID),
  },
  plugins: [
    react(),
    versionJson(),
    VitePWA({
      // The controller decides when to reload: an unsaved control must never be lost to an update.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png', 'logos/*.png'],
      manifest: {
        name: 'Estive',
        short_name: 'Estive',
        description: 'Contrôles des AOP-IGP laitières, en tournée, même sans réseau',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#2f6b4f',
        background_color: '#f4f8f5',
        categories: ['business', 'productivity'],
        icons: [
          ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
            src: `/icons/icon-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The whole shell, so that a tablet starts with no network at all.
        // ttf: the report's emoji font (reports with emoji are signed offline too).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,ttf,webmanifest}'],
        globIgnores: ['version.json'],
        // The PDF engine and its fonts are part of the offline shell (reports are signed on site).
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api/],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once, so that it works offline without a reload;
        // later versions wait for 'Recharger' (no skipWaiting).
        clientsClaim: true,
      },
    }),
    precompresser(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API, changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Rolldown's default chunk optimisation (mergeCommonChunks) is kept: it folds the modules the
    // shell shares with lazy pages into the entry, so that the shell is a handful of files, not
    // thirty (each one a request behind the others on a weak HTTP/1.1 link: issue 29 item 6). zod
    // and the schemas stay out: the shell reads the contracts only through their zod-free
    // subpaths ('@estive/contracts/headers', '/methodes', '/oidc-messages').
  },
});
