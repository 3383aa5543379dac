// Lint: typescript-eslint strict + type-aware, eslint-plugin-vue, and the import boundaries of style.md.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'url'];
/** What no renderer or contract file imports. */
const rendererBoundaries = {
  paths: [{ name: 'electron', message: 'The renderer and the contract never import electron.' }],
  patterns: [
    { group: nodeBuiltins, message: 'The renderer and the contract never import Node built-ins.' },
    { group: ['**/src-main/**'], message: 'The renderer talks to main only through the contract.' },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...vue.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
        parser: tseslint.parser,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vue.configs['flat/recommended'].at(-1)?.languageOptions?.parser,
      parserOptions: { parser: tseslint.parser },
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // Boundaries: the renderer and the contract never touch electron or node.
  {
    files: ['src-renderer/**/*.{ts,vue}', 'src-shared/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', rendererBoundaries] },
  },
  // Components, views and their composables reach main through the Pinia stores, which own every bridge call
  // (target-shape.md §3). Repeats the renderer's boundaries: a later no-restricted-imports replaces an earlier one.
  {
    files: [
      'src-renderer/src/components/**/*.{ts,vue}',
      'src-renderer/src/views/**/*.{ts,vue}',
      'src-renderer/src/composables/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...rendererBoundaries,
          patterns: [
            ...rendererBoundaries.patterns,
            {
              regex: '(^|/)bridge(\\.ts)?$',
              message: 'Components and views never call the bridge: ask a Pinia store (src-renderer/src/stores).',
            },
          ],
        },
      ],
    },
  },
  // ipcMain only in the bridge; ipcRenderer only in the preload; services never import electron.
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/bridge/**', 'src-main/platform/electron/**', 'src-main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only the bridge, the Electron adapters and the Electron entry import electron.',
            },
          ],
          patterns: [{ group: ['**/src-renderer/**'], message: 'Main never imports renderer code.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/bridge/**/*.ts', 'src-main/platform/electron/**/*.ts', 'src-main/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='ipcRenderer']",
          message: 'ipcRenderer belongs to the preload only.',
        },
      ],
    },
  },
  {
    files: ['src-main/platform/electron/**/*.ts', 'src-main/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'ipcMain belongs to the bridge only.' },
        {
          selector: "ImportSpecifier[imported.name='ipcRenderer']",
          message: 'ipcRenderer belongs to the preload only.',
        },
      ],
    },
  },
  // Naive's useThemeVars builds a fresh copy of every colour per call under our overrides: one value per window.
  {
    files: ['src-renderer/src/**/*.{ts,vue}'],
    ignores: ['src-renderer/src/composables/theme-vars.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='useThemeVars']",
          message: 'Use useAppThemeVars (composables/theme-vars.ts): one theme-variables value for the window.',
        },
      ],
    },
  },
  prettier,
);
