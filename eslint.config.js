// ESLint flat config: TypeScript (typescript-eslint), React and its hooks
// rules for the islands, Astro components. Formatting is Prettier's job,
// so no stylistic rules here. `npm run lint`.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The site's public URLs are built by src/lib/routes.ts alone: a template or a string concatenation that starts
// with one of its paths, anywhere else, is a URL built by hand.
const ROUTE_START = String.raw`^\/(profile|store-profile|schedule|blog|blogs|timeline|frozen-accounts|favoriteRanking|og|h|hc|n|u)(\/|\.|$)`;
const HAND_BUILT_ROUTE = "Build this URL with src/lib/routes.ts (one home for the site's paths).";

export default defineConfig(
  {
    ignores: ['dist', '.build/', '.astro/', '.cache/', '.data/', 'node_modules/', 'dist.link-*', 'dist.state/', 'firebase.local.json'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks an argument or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `catch {}` is how the inline scripts ignore a blocked localStorage.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Non-null assertions are used where the data shape guarantees presence (noUncheckedIndexedAccess).
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/stores/**/*.ts', 'src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      // The two classic hooks rules. The plugin's v7 `recommended` also turns on the
      // React Compiler rules (set-state-in-effect, refs, …); the islands do not use
      // the compiler, and those rules flag ordinary load-state effects.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Types are TypeScript's job.
      'react/prop-types': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.ts'],
    ignores: ['src/lib/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `TemplateLiteral[expressions.length>0] > TemplateElement:first-child[value.raw=/${ROUTE_START}/]`,
          message: HAND_BUILT_ROUTE,
        },
        { selector: `BinaryExpression[operator='+'] > Literal.left[value=/${ROUTE_START}/]`, message: HAND_BUILT_ROUTE },
      ],
    },
  },
  {
    // Zod is configured once, before any schema is built (src/schema/zod.ts): import it from there.
    files: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    ignores: ['src/schema/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({ name, message: 'Import z from src/schema/zod.ts.' })) },
      ],
    },
  },
  {
    // A function a reader can hold in view: split one that grows past this (a component into parts, a hook into
    // smaller hooks or a store).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The push service worker is a classic worker script.
    files: ['public/firebase-messaging-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
);
