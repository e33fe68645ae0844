import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { countryOptions } from './src/shared/country-options.ts';
import { laterAppEntries, ownScriptEntries, pageStyleSheets } from './src/shared/page-assets.ts';
import { doorWorker, paths } from './src/shared/paths.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

/**
 * `import countries from 'virtual:country-options'`: the phone country picker's options,
 * computed here at build time (docs/decisions/0017-phone-metadata-after-first-paint.md).
 */
export function countryOptionsPlugin(): Plugin {
  const id = 'virtual:country-options';
  return {
    name: 'country-options',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}`
        ? // Without the bare name: the pages show the label ('Brasil (+55)') and use the codes.
          `export default ${JSON.stringify(countryOptions().map(({ name: _name, ...shown }) => shown))};`
        : undefined,
  };
}

/**
 * Emits the check-in screen's service worker (src/web/features/door/door-worker.template.js) with
 * the built files the screen needs offline: the entry and what it imports, the screen's chunk
 * and everything it loads (the QR decoder and its WebAssembly included), never another page's
 * chunk; and a version that changes with them (docs/decisions/0052-door-offline.md).
 */
export function doorWorkerPlugin(): Plugin {
  const template = new URL('./src/web/features/door/door-worker.template.js', import.meta.url);
  const screen = /src[\\/]web[\\/]features[\\/]door[\\/]door-page\.tsx$/;
  const otherPage = /src[\\/]web[\\/]features[\\/].*-page\.tsx$/;
  return {
    name: 'door-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>(['/favicon.svg']);
      const visit = (chunk: Rollup.OutputChunk | undefined) => {
        if (!chunk || files.has(`/${chunk.fileName}`)) return;
        const page = chunk.facadeModuleId ?? '';
        if (otherPage.test(page) && !screen.test(page)) return;
        files.add(`/${chunk.fileName}`);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(`/${css}`));
        chunk.viteMetadata?.importedAssets.forEach((asset) => files.add(`/${asset}`));
        [...chunk.imports, ...chunk.dynamicImports].forEach((name) => visit(byName.get(name)));
      };
      // From the app's entry (index.html) only: the form page's own entry, and the public pages'
      // style sheets (entries of their own), are nothing the screen loads.
      chunks
        .filter((chunk) => chunk.isEntry && /index\.html$/.test(chunk.facadeModuleId ?? ''))
        .forEach(visit);
      // The decoder's WebAssembly is imported as a URL: an asset of its own.
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.wasm'))
          files.add(`/${file.fileName}`);
      }
      if (
        ![...files].some((file) => screen.test(byName.get(file.slice(1))?.facadeModuleId ?? ''))
      ) {
        this.error('door-worker: the check-in screen chunk is missing from the build');
      }
      const list = [...files].sort();
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(template, 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace("'__PAGE__'", JSON.stringify(paths.door))
        .replace("['__FILES__']", JSON.stringify(list));
      this.emitFile({ type: 'asset', fileName: doorWorker.slice(1), source });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    countryOptionsPlugin(),
    ...(isSsrBuild ? [] : [doorWorkerPlugin()]),
    // Every text asset also as .br and .gz, once, here: the server sends the one the browser
    // takes (docs/decisions/0015-compression-once-at-build-and-start.md).
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|mjs|css|svg|json|webmanifest|wasm|txt)$/,
            // The page template is filled in and compressed by the server at start.
            exclude: [/\.html$/, /\.vite\//],
          }),
        ]),
  ],
  resolve: { alias },
  // The render's few icons go into its bundle: imported from the package, every start (each
  // instance, each test's server) would load all of lucide-react's icons, a large share of the
  // server's start (decision 0184).
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? // The server's render of the public pages (src/web/entry-server.tsx).
      { outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        // The server reads it to preload the chunk of the page requested (src/server/web/).
        manifest: true,
        // No inline <script>/<style> in the built page: the CSP allows neither.
        assetsInlineLimit: 0,
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app (index.html), and what only the public pages use: the form page's and the
          // not-found page's small entries and each page's own style sheet
          // (src/shared/page-assets.ts).
          input: [
            'index.html',
            ...Object.values(laterAppEntries),
            ...Object.values(ownScriptEntries),
            ...new Set(Object.values(pageStyleSheets)),
          ],
          output: {
            // Few requests on a slow phone network, and nothing a page does not need:
            // - `shell`: what every public page runs (React, the router, the pages of the entry
            //   and their shared parts), one file beside the tiny entry;
            // - `zod` and `phone-metadata`: the form's checks and the admin panel share them,
            //   and no page needs them for its first paint.
            codeSplitting: {
              groups: [
                {
                  name: 'zod',
                  test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-config/,
                  priority: 2,
                },
                {
                  name: 'phone-metadata',
                  test: /node_modules[\\/]libphonenumber-js[\\/]/,
                  priority: 2,
                },
                {
                  name: 'shell',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]web[\\/](app[\\/]|lib[\\/](event-config|use-document-title|cn)|components[\\/]ui[\\/](button|toaster))/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
