/**
 * A Vite build plugin for dynamic imports written
 * `import(/* no-preload *\/ './module')`: Vite wraps every dynamic import of
 * a plain string in its preload helper (a 650 B gzip chunk of its own, plus
 * the list of every chunk the import needs), which is worth it for an island
 * a page always loads, not for the nav script every signed-out visitor
 * downloads to load nothing (docs/decisions/signed-out-javascript.md).
 *
 * Vite's import analysis leaves a specifier that is not a bare literal
 * alone, and Rollup still resolves a parenthesised literal, so the marked
 * specifier is put in parentheses before that analysis runs (enforce:
 * 'post' runs after esbuild, which keeps the comment and drops redundant
 * parentheses). The imported chunk then loads its own imports as the
 * browser finds them.
 */
import type { Plugin } from 'vite';

const MARKED_IMPORT = /\bimport\(\s*\/\*\s*no-preload\s*\*\/\s*("[^"\n]+"|'[^'\n]+')\s*\)/g;

/** The code with each marked dynamic import's specifier parenthesised: `import(("./module"))`. */
export function unwrapNoPreloadImports(code: string): string {
  return code.replace(MARKED_IMPORT, (_, specifier: string) => `import((${specifier}))`);
}

export function noPreloadImports(): Plugin {
  return {
    name: 'theralink:no-preload-imports',
    apply: 'build',
    enforce: 'post',
    transform(code) {
      if (!code.includes('no-preload')) return null;
      const changed = unwrapNoPreloadImports(code);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
