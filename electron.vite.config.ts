// Builds main (ESM), preload (CommonJS, so it loads in a sandboxed window) and renderer into out/.
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { precompileMessages } from './scripts/vite-precompile-messages';
import { startViewGroup } from './scripts/vite-start-view-chunk';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          // The Electron entry (package.json's main): the compile cache on, then index.
          boot: resolve(root, 'src-main/boot.ts'),
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
      // .vite/manifest.json: browser mode preloads the first screen's files by it (src-main/bridge/first-frame-page.ts).
      manifest: true,
      // KD_NOMINIFY=1 keeps function names, so a CPU profile of the renderer names what it spends time in.
      minify: process.env.KD_NOMINIFY !== '1',
      // KD_SOURCEMAP=1 writes source maps, to see which modules the first screen's chunks carry (figure 8).
      sourcemap: process.env.KD_SOURCEMAP === '1',
      rolldownOptions: {
        input: { index: resolve(root, 'src-renderer/index.html') },
        // Fewer, larger library chunks. Left to itself the bundler cut Naive UI and its helpers into one chunk per
        // set of importers: 13 files before the first paint and 48 more for All keys, each a request, and a browser
        // opens six connections to a host (three of them busy with the first key lists). The libraries the first
        // screen imports are now one chunk (it loads them all anyway), All keys and what it alone adds is another, each
        // language pack with its locales a third; the rest stay grouped by the views that use them, with subgroups under
        // 16 KB merged into their nearest neighbour, never into the first screen's. (Priorities are whole numbers.)
        output: {
          // A library subgroup is named after every view that shares it (up to 100 characters): the hash will do.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('lib') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              { name: 'shell-lib', test: /node_modules/, tags: ['$initial'], priority: 8 },
              // The entry's own modules stay in the entry's file (shared ones would otherwise land in a view's chunk).
              { name: 'shell', tags: ['$initial'], priority: 7 },
              // English is Naive UI's fallback, so its locale is shared by the English pack and Naive's own components: a
              // file of its own, which neither pack nor view pulls in.
              {
                name: 'locale-base',
                test: /locales[\\/]common[\\/]enUS/,
                priority: 6,
              },
              // The date locales (date-fns's words, for the pickers only dialogs draw) come after the first paint
              // (i18n/packs/date-*.ts), each language in a file of its own; the English one holds date-fns's locale
              // builders, which the Chinese one shares.
              {
                name: 'locale-date-en-US',
                test: /(?:locales[\\/]date[\\/]enUS|date-fns[\\/]locale[\\/](?:en-US|_lib)[\\/.])/,
                priority: 6,
              },
              // All keys, the view Keydesk opens on, in one file after the entry's (and one stylesheet).
              startViewGroup({
                name: 'KeysView',
                view: resolve(root, 'src-renderer/src/views/KeysView.vue'),
                entry: resolve(root, 'src-renderer/src/main.ts'),
                priority: 5,
              }),
              // date-fns's own functions, which the Chinese date locale shares with the date pickers: by importers, so
              // neither the pickers' views nor the English screen load the Chinese locale for them.
              {
                name: 'lib-dates',
                test: /date-fns[\\/](?!locale[\\/])/,
                entriesAware: true,
                priority: 4,
              },
              // The Chinese pack's Naive UI locale beside the pack (the English one is locale-base), its date locale in a
              // file of its own. Not named zh-CN: that is the pack's own chunk, which the bench finds by its name.
              { name: 'locale-zh-CN', test: /locales[\\/]common[\\/]zhCN/, priority: 3 },
              {
                name: 'locale-date-zh-CN',
                test: /(?:locales[\\/]date[\\/]zhCN|date-fns[\\/]locale[\\/]zh-CN[\\/.])/,
                priority: 3,
              },
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
