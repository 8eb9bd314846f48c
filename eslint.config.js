import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './scripts/lint/layers.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report', 'e2e-artifacts*', 'e2e-data*'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The engine is plain TypeScript shared by the browser, scripts and tests.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', '@xstate/react', '@mantine/*'], message: 'The engine does not use React.' },
            { group: ['ky', 'node:*', 'ajv', 'ajv/*'], message: 'The engine does no I/O and no runtime validation.' },
            { group: ['../*', '!../engine/*'], message: 'The engine imports only its own modules.' },
          ],
        },
      ],
    },
  },
  {
    // The browser's layers run in the browser: no Node modules, and not the contract's Node-only loaders.
    files: ['src/{app,features,shared,domain}/**/*.{ts,tsx}', 'src/main.tsx', 'src/page-start.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'Browser code does not use Node modules.' },
            {
              group: ['**/contract/openapi.ts', '**/contract/schema-files.ts'],
              message: 'These read files with Node; the browser gets config through src/contract/funnel-config.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Which way imports may point between the layers of src/, and no circles (scripts/lint/layers.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/direction': 'error', 'layers/no-cycle': 'error' },
  },
  {
    // Generated from the schemas (npm run types, openapi-typescript): a schema's union may name a
    // value its other part allows (SalePrice is Money or ''), to say what it means; a oneOf or
    // allOf whose parts only require or narrow properties comes out as `unknown | unknown`.
    files: ['src/contract/generated/*.ts'],
    rules: {
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-duplicate-type-constituents': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'scripts/lint/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
