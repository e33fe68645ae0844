import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { countryOptions } from './src/shared/country-options.ts';

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
      resolved === `\0${id}` ? `export default ${JSON.stringify(countryOptions())};` : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    countryOptionsPlugin(),
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
