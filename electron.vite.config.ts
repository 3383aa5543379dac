// Builds main (ESM), preload (CommonJS, so it loads in a sandboxed window) and renderer into out/.
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';

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
    plugins: [vue()],
    // vue-i18n: composition API only, no legacy build or devtools hooks in the bundle.
    define: {
      __VUE_I18N_LEGACY_API__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
