/**
 * firebase.json's `ignore` globs, applied as firebase-tools applies them
 * (lib/listFiles.js: glob's `ignore` with minimatch's `dot: true`, plus its
 * own debug logs and `.firebase/`), to paths relative to the public folder.
 * Only the glob syntax a hosting config needs: `*`, `?` and `**`
 * segments. Anything else (braces, classes, extglobs, negation, escapes) is
 * refused, so a pattern is never read another way than firebase-tools
 * reads it; tests/unit/deploy-ignore.test.ts checks the two agree.
 */

/** What firebase-tools ignores besides the config's globs. */
export const FIREBASE_TOOLS_IGNORES = ['**/firebase-debug.log', '**/firebase-debug.*.log', '.firebase/*'];

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

function segmentSource(segment: string): string {
  return [...segment].map((char) => (char === '*' ? '[^/]*' : char === '?' ? '[^/]' : escape(char))).join('');
}

/** One glob as a RegExp over `/`-separated relative paths (minimatch, dot: true). */
export function globRegExp(glob: string): RegExp {
  if (/[[\]{}\\!()@+]/.test(glob) || glob.startsWith('/') || glob === '') {
    throw new Error(`Ignore glob not supported by npm run deploy: ${JSON.stringify(glob)} (only *, ? and ** segments).`);
  }
  const segments = glob.replace(/^\.\//, '').split('/');
  let source = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      // Zero or more whole segments (with dot: true, dot folders too; never `.` or `..`, which paths here lack).
      source += last ? (i === 0 ? '.+' : '(?:/.*)?') : i === 0 ? '(?:[^/]+/)*' : '/(?:[^/]+/)*';
      return;
    }
    const afterGlobstar = i > 0 && segments[i - 1] === '**';
    source += (i === 0 || afterGlobstar ? '' : '/') + segmentSource(segment);
  });
  return new RegExp(`^${source}$`);
}

/** A test of relative paths against the config's ignore globs and firebase-tools' own. */
export function ignoreMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const patterns = [...FIREBASE_TOOLS_IGNORES, ...globs].map(globRegExp);
  return (relativePath) => patterns.some((pattern) => pattern.test(relativePath));
}
