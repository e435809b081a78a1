import js from '@eslint/js';
import architecture from './eslint.boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.artifacts/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'off',
    },
  },
  {
    // Nest injects by the constructor parameter's runtime type, so those imports must stay values.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['site/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': [
        'warn',
        {
          allowConstantExport: true,
          allowExportNames: [
            'useAuth',
            'useAuthDialogs',
            'useMember',
            'useMemberRecord',
            'COMING_FEATURES',
            'createSiteRouter',
          ],
        },
      ],
    },
  },
  {
    // No source file over 400 lines: a longer one is split by responsibility. Migrations and tests
    // are left out (Stripe's vendored example objects are JSON, stripe-sandbox/vendor/).
    files: [
      '{backend,stripe-sandbox,site,admin,common,bench}/src/**/*.{ts,tsx,js,mjs}',
      'scripts/**/*.{ts,tsx,js,mjs}',
      'e2e/{support,pages}/**/*.{ts,tsx,js,mjs}',
    ],
    ignores: [
      'backend/src/database/migrations/**',
      '**/*.spec.{ts,tsx}',
      '**/*.test.{ts,tsx,mjs}',
      'backend/test/**',
      'stripe-sandbox/test/**',
      'e2e/tests/**',
    ],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  ...architecture,
);
