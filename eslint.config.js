// Lint rules: typescript-eslint's recommended set with type information, React's hooks rules, and the
// import boundaries of the layout (README "Layout"). Formatting is Prettier's, not the linter's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'test-results/', 'node_modules/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // An async method may implement an asynchronous interface with synchronous work (the SQLite store).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read answers as the untyped JSON a client receives, and name the shape they expect
    // (`res.json() as {...}`), which reads better there than a type argument.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The client runs in the browser: it may know the server's types, never its code.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'The client imports server code as types only.' }] },
      ],
    },
  },
  {
    // Shared code runs on both sides: it imports neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**'], message: 'src/shared imports only src/shared.' }] },
      ],
    },
  },
  // The server's layers: routers and REST call services; services call the store and the domain;
  // the domain is pure rules. Each block forbids the imports that would run a layer backwards.
  {
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\./shared/)', message: 'src/server/domain imports only itself and src/shared.' }] },
      ],
    },
  },
  {
    files: ['src/server/{services,db,live,seed}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(trpc|rest|plugins)/',
              message: 'Services, the store and the buses never import the doors (trpc, rest, plugins).',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/decisions/0018-statements-compiled-once.md
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='limit'][arguments.0.callee.name!='rowLimit']",
          message: 'A LIMIT goes through rowLimit (db/common/dialect.ts): bound bare, SQLite compiles the statement again on every run.',
        },
      ],
    },
  },
  {
    files: ['src/server/{trpc,rest}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Only the database's unavailability, which each door answers with its own 503.
            { regex: '^(\\.\\./)+db/(?!unavailable$)', message: 'Routers and REST call services, not the store.' },
          ],
        },
      ],
    },
  },
  {
    // No file imports itself back through others: a loop makes a layer's order (and a reader's) undefined.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tools/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  prettier,
);
