// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layerOrder } from './eslint/layer-order.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.bench-data/', '.stryker-tmp*/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"]', message: 'No focused tests.' },
      ],
    },
  },
  {
    // Dependencies point one way: the floors of src/ (eslint/layer-order.js).
    files: ['src/**/*.ts'],
    plugins: { house: { rules: { 'layer-order': layerOrder } } },
    rules: { 'house/layer-order': 'error' },
  },
  {
    // The runtimes' own globals, in the servers that run on them (test/runtimes).
    files: ['test/runtimes/deno-server.js'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  {
    files: ['test/runtimes/bun-server.js'],
    languageOptions: { globals: { Bun: 'readonly' } },
  },
  {
    // The core runs on every JavaScript runtime (test/runtimes): no Node built-in module
    // at run time. (Development tooling stands on a floor above it: house/layer-order.)
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**', 'src/explain/**', 'src/web-ui/**', 'src/openapi/**', 'src/layers/sql/**', 'src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], allowTypeImports: true, message: 'The core runs outside Node: no Node built-in module at run time.' },
          ],
        },
      ],
    },
  },
);
