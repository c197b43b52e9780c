/** The lint rule that keeps the site's URLs in src/lib/routes.ts (eslint.config.js). */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const messages = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((m) => m.line);

describe('URLs built by hand', () => {
  it('are refused outside src/lib/routes.ts, as templates and as concatenations', async () => {
    const code = [
      'export const a = (slug: string) => `/profile/${slug}`;',
      "export const b = (id: string) => '/blog/' + id;",
      'export const c = (shard: string) => `/h/${shard}.json`;',
      'export const d = (page: number) => `/blogs/page/${page}`;',
    ].join('\n');
    expect(await messages(code, 'src/lib/anything.ts')).toEqual([1, 2, 3, 4]);
    expect(await messages(code, 'src/lib/routes.ts')).toEqual([]);
  });

  it('leave other strings alone', async () => {
    const code = [
      'export const e = (x: string) => `/login?next=${x}`;',
      "export const f = '/profile/miu';",
      'export const g = (x: string) => `${x}/profile`;',
    ].join('\n');
    expect(await messages(code, 'src/lib/anything.ts')).toEqual([]);
  });
});
