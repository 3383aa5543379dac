// Builds main (ESM), preload (CommonJS, so it loads in a sandboxed window) and renderer into out/.
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { precompileMessages } from './scripts/vite-precompile-messages';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/index.ts'),
          serve: resolve(root, 'src-main/serve.ts'),
          launch: resolve(root, 'src-main/launch.ts'),
          // `keydesk status` (the package's bin): balances from the running app or its cache, in a terminal.
          status: resolve(root, 'src-main/status.ts'),
          // `keydesk mcp` from a checkout: the MCP server on stdin/stdout.
          mcp: resolve(root, 'src-main/mcp.ts'),
          // The package's bin: `keydesk status …` and `keydesk mcp …`.
          cli: resolve(root, 'src-main/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    publicDir: resolve(root, 'resources', 'public'),
    // Messages compiled at build time, so vue-i18n's message compiler stays out of the bundle.
    plugins: [vue(), precompileMessages()],
    resolve: {
      alias: {
        // vueuc (under Naive UI) uses the browser's ResizeObserver when there is one, which every browser Keydesk
        // runs in has; its polyfill is dead weight on the first screen.
        '@juggle/resize-observer': resolve(root, 'src-renderer/src/shims/resize-observer.ts'),
      },
    },
    // vue-i18n: composition API only, no legacy build, devtools hooks or message compiler in the bundle.
    define: {
      __VUE_I18N_LEGACY_API__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
      __INTLIFY_DROP_MESSAGE_COMPILER__: 'true',
    },
    build: {
      outDir: 'out/renderer',
      // KD_NOMINIFY=1 keeps function names, so a CPU profile of the renderer names what it spends time in.
      minify: process.env.KD_NOMINIFY !== '1',
      // KD_SOURCEMAP=1 writes source maps, to see which modules the first screen's chunks carry (figure 8).
      sourcemap: process.env.KD_SOURCEMAP === '1',
      rolldownOptions: {
        input: { index: resolve(root, 'src-renderer/index.html') },
        // Fewer, larger library chunks. Left to itself the bundler cut Naive UI and its helpers into one chunk per
        // set of importers: 13 files before the first paint and 48 more for All keys, each a request, and a browser
        // opens six connections to a host (three of them busy with the first key lists). The libraries the first
        // screen imports are now one chunk (it loads them all anyway); the rest stay grouped by the views that use
        // them, with subgroups under 16 KB merged into their nearest neighbour, never into the first screen's.
        output: {
          // A library subgroup is named after every view that shares it (up to 100 characters): the hash will do.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('lib') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              { name: 'shell-lib', test: /node_modules/, tags: ['$initial'], priority: 3 },
              {
                name: 'lib-styles',
                test: /naive-ui[\\/]es[\\/](themes[\\/]|_styles[\\/]|[^\\/]+[\\/]styles[\\/])/,
                entriesAware: true,
                entriesAwareMergeThreshold: 8 * 1024,
                priority: 2,
              },
              {
                name: 'lib',
                test: /node_modules/,
                entriesAware: true,
                entriesAwareMergeThreshold: 16 * 1024,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  },
});
