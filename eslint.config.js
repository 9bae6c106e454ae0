import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', '.tmp', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Staff open the app over plain http on the LAN, where browsers leave out the APIs they
      // keep for secure contexts; one call to them broke the warehouse screen there.
      'no-restricted-properties': [
        'error',
        {
          object: 'crypto',
          property: 'randomUUID',
          message: 'Missing over plain http on the LAN; use crypto.getRandomValues.',
        },
        {
          object: 'crypto',
          property: 'subtle',
          message: 'Missing over plain http on the LAN.',
        },
        {
          object: 'navigator',
          property: 'clipboard',
          message: 'Missing over plain http on the LAN.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  // Feature boundaries (decision 0024). Another feature's internals are off limits: on the
  // server only its service and presenter are its public surface (types may be imported from
  // anywhere); on the client only its api/ hooks and components/. Shared layers never import
  // features, and contracts and domain import neither side.
  {
    files: ['src/server/features/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?![a-z-]+\\.(service|presenter)$)',
              allowTypeImports: true,
              message:
                "Another feature's internals: import its service or presenter, or move the shared piece down (decision 0024).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/live/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./features/[a-z-]+/(?![a-z-]+\\.(service|presenter)$)',
              allowTypeImports: true,
              message:
                "A feature's internals: the live routes use its service or presenter (decision 0024).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./[a-z-]+/(?!api/|components/)',
              allowTypeImports: true,
              message:
                "Another feature's internals: import its api/ or components/, or move the shared piece to src/web/lib or src/web/components (decision 0024).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!api/|components/)',
              allowTypeImports: true,
              message:
                "Another feature's internals: import its api/ or components/, or move the shared piece to src/web/lib or src/web/components (decision 0024).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/components/**', 'src/web/lib/**', 'src/server/{db,http,lib,storage}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/features/',
              message: 'Shared layers do not import features (decision 0024).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/(server|web)/',
              message: 'Contracts and domain rules are shared by both sides and import neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'bin/**',
      'bench/**',
      'src/server/cli.ts',
      'src/server/main.ts',
      'tests/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
