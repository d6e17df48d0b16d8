import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server during `vite dev` (the built app is served by the API server itself). */
const API_TARGET = 'http://localhost:3000';

/**
 * What every page runs, /login included: React, the router and styling. zod, the form library,
 * notistack and react-query stay out (their own groups below): /login runs none of them before a
 * person signs in (decisions 0064, 0066). The virtual list (@tanstack/virtual-core, the data
 * tables') stays out too.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|react-is|prop-types|clsx|hoist-non-react-statics|@babel[\\/]runtime|react-transition-group)[\\/]/;

/** The data layer: every page but /login (the session guard, app/SessionGuard.tsx). */
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;

/** The contracts' schemas and the forms: every signed-in page, but not /login's first load. */
const FORMS = /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;

/** The toasts (loaded when a signed-in shell loads, lib/toasts.ts). */
const TOASTS = /node_modules[\\/](notistack|goober)[\\/]/;

/**
 * The MUI that the first load of any page runs: the theme, the guest card and its sign-in form
 * (outlined fields, buttons, link) and the progress bars. Not TextField: it loads Select,
 * Menu, Popover and Modal with it (the sign-in form uses OutlinedField). Listed, so that no other component (a
 * table row, a tab, a chip) rides along with /login (decision 0064); a component missing here that
 * /login needs shows up as an extra request in `node bench/web-size.mjs`.
 */
/**
 * MUI's internal modules of those components: the ripple's transition; not the checkbox and radio
 * parts (SwitchBase, their icons), which the signed-in pages load.
 */
const MUI_CORE_INTERNAL = ['Transition', 'animate'];

const MUI_CORE = new RegExp(
  `node_modules[\\\\/]@mui[\\\\/]material[\\\\/]((${[
    'styles',
    'transitions',
    'utils',
    'colors',
    'zero-styled',
    'DefaultPropsProvider',
    'className',
    'generateUtilityClass',
    'generateUtilityClasses',
    'useLazyRipple',
    'useMediaQuery',
    'GlobalStyles',
    'CssBaseline',
    'Box',
    'Stack',
    'Paper',
    'Card',
    'CardContent',
    'Typography',
    'SvgIcon',
    'ButtonBase',
    'Button',
    'IconButton',
    'CircularProgress',
    'LinearProgress',
    'Link',
    'FormControl',
    'FormLabel',
    'FormHelperText',
    'InputBase',
    'InputLabel',
    'OutlinedInput',
    'InputAdornment',
    'TextareaAutosize',
  ].join('|')})[\\\\/]|internal[\\\\/](${MUI_CORE_INTERNAL.join('|')})\\.)`,
);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes .br and .gz beside every text asset at build time, so the server sends compressed
 * files without compressing per request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cab-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/template': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The framework chunk is ~590 kB raw (~190 kB gzip) by design: loaded once, cached for a year.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, styling): one cached file
            // instead of a dozen small requests on the first visit.
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'query', test: QUERY, priority: 2 },
            { name: 'forms', test: FORMS, priority: 2 },
            { name: 'toasts', test: TOASTS, priority: 2 },
            { name: 'mui-core', test: MUI_CORE, priority: 2 },
            // MUI's small building blocks (Box, Stack, Paper, hooks): together, not one request each.
            { name: 'mui-base', test: /node_modules[\\/]@mui[\\/]material[\\/]/, maxModuleSize: 6 * 1024, priority: 1 },
          ],
        },
      },
    },
  },
});
