// Builds the two stack floors of figure 12 into out/stack-floor (figures/floor.ts runs this before measuring), with
// the same production flags as Keydesk's renderer (electron.vite.config.ts).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const root = resolve(here, '../../..');

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  define: {
    __VUE_I18N_LEGACY_API__: 'false',
    __VUE_I18N_FULL_INSTALL__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
    __INTLIFY_DROP_MESSAGE_COMPILER__: 'true',
  },
  resolve: {
    alias: { '@juggle/resize-observer': resolve(root, 'src-renderer/src/shims/resize-observer.ts') },
  },
  build: {
    minify: process.env.KD_NOMINIFY !== '1',
    outDir: resolve(root, 'out/stack-floor'),
    emptyOutDir: true,
    rolldownOptions: { input: { vue: resolve(here, 'vue.html'), stack: resolve(here, 'stack.html') } },
  },
});
