/**
 * The shared UI parts (src/styles/ui-parts.css, src/lib/ui-parts.ts,
 * src/islands/ui/): each named part compiles, parts give way to the
 * utilities written beside them, the React Button keeps its busy promise,
 * and no copy of the old class strings creeps back into src/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compile } from 'tailwindcss';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { MouseEvent, ReactElement } from 'react';
import { Button, LinkButton } from '../../src/islands/ui/Button';
import { UI_PART_CLASSES, buttonClass } from '../../src/lib/ui-parts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STYLES = path.join(ROOT, 'src/styles');
const TAILWIND = path.join(ROOT, 'node_modules/tailwindcss');

/** The site's stylesheet compiled by Tailwind for these class names, as the build does. */
async function cssFor(candidates: readonly string[]): Promise<string> {
  const compiler = await compile(readFileSync(path.join(STYLES, 'global.css'), 'utf8'), {
    base: STYLES,
    loadStylesheet: async (id, base) => {
      const file = id === 'tailwindcss' ? path.join(TAILWIND, 'index.css') : path.resolve(base, id);
      return { path: file, base: path.dirname(file), content: readFileSync(file, 'utf8') };
    },
  });
  return compiler.build([...candidates]);
}

const ruleStart = (css: string, name: string) => css.indexOf(`.${name} {`);

describe('the UI parts', () => {
  it('are each one @utility of ui-parts.css, and the typed helpers name every one of them', () => {
    const defined = [...readFileSync(path.join(STYLES, 'ui-parts.css'), 'utf8').matchAll(/^@utility ([\w-]+) \{/gm)].map((m) => m[1]);
    expect([...UI_PART_CLASSES].sort()).toEqual([...defined].sort());
  });

  it('compile into rules with both themes', async () => {
    const css = await cssFor(UI_PART_CLASSES);
    // `.card-link:hover` too: a part made only of states is written as its states.
    for (const name of UI_PART_CLASSES) expect(css, name).toMatch(new RegExp(`\\.${name}[ :]`));
    // Dark mode follows the theme script's class, not the OS setting.
    expect(css).toContain(':where(.dark, .dark *)');
    expect(css).not.toContain('prefers-color-scheme');
  });

  it('are in the site CSS even where no source file spells the name out (`btn-${variant}` is built at run time)', async () => {
    const css = await cssFor([]);
    const withVariants = UI_PART_CLASSES.filter((name) => /^(btn|text-link|badge|notice)(-|$)/.test(name));
    expect(withVariants.length).toBeGreaterThan(20);
    for (const name of withVariants) expect(css, name).toMatch(new RegExp(`\\.${name}[ :]`));
  });

  it('come before the utilities written beside them, so `btn w-full px-3` or `card p-3` adjust a part', async () => {
    const css = await cssFor(['btn', 'btn-primary', 'btn-sm', 'px-3', 'w-full', 'bg-white', 'card', 'p-3', 'text-link', 'text-brand-800']);
    expect(ruleStart(css, 'btn')).toBeLessThan(ruleStart(css, 'btn-sm'));
    expect(ruleStart(css, 'btn-sm')).toBeLessThan(ruleStart(css, 'px-3'));
    expect(ruleStart(css, 'btn')).toBeLessThan(ruleStart(css, 'w-full'));
    expect(ruleStart(css, 'btn-primary')).toBeLessThan(ruleStart(css, 'bg-white'));
    expect(ruleStart(css, 'card')).toBeLessThan(ruleStart(css, 'p-3'));
    expect(ruleStart(css, 'text-link')).toBeLessThan(ruleStart(css, 'text-brand-800'));
  });
});

describe('Button', () => {
  const click = (element: ReactElement, event: Partial<MouseEvent<HTMLButtonElement>>) =>
    (element.props as { onClick: (event: MouseEvent<HTMLButtonElement>) => void }).onClick(event as MouseEvent<HTMLButtonElement>);

  it('is type="button" with the variant and size classes unless told otherwise', () => {
    expect(renderToStaticMarkup(<Button variant="secondary">閉じる</Button>)).toBe(
      `<button type="button" class="btn btn-secondary">閉じる</button>`,
    );
    expect(
      renderToStaticMarkup(
        <Button variant="primary" size="sm" type="submit" className="w-full">
          保存
        </Button>,
      ),
    ).toBe(`<button type="submit" class="btn btn-primary btn-sm w-full">保存</button>`);
  });

  it('while busy stays focusable, says so, shows its busy label and swallows clicks (so no second submit)', () => {
    const onClick = vi.fn();
    const props = {
      variant: 'primary' as const,
      type: 'submit' as const,
      busy: true,
      busyLabel: '保存しています…',
      onClick,
      children: '保存する',
    };
    const html = renderToStaticMarkup(<Button {...props} />);
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('disabled=""');
    expect(html).toContain('>保存しています…</button>');

    const preventDefault = vi.fn();
    click(Button(props), { preventDefault });
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('when not busy passes the click on', () => {
    const onClick = vi.fn();
    const preventDefault = vi.fn();
    click(Button({ variant: 'danger', onClick, children: '削除' }), { preventDefault });
    expect(onClick).toHaveBeenCalledOnce();
    expect(preventDefault).not.toHaveBeenCalled();
    expect(renderToStaticMarkup(<Button variant="danger">削除</Button>)).not.toContain('aria-busy');
  });

  it('has a link twin with the same classes', () => {
    expect(
      renderToStaticMarkup(
        <LinkButton variant="outline" size="compact" href="/login">
          ログイン
        </LinkButton>,
      ),
    ).toBe(`<a class="${buttonClass({ variant: 'outline', size: 'compact' })}" href="/login">ログイン</a>`);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(astro|tsx?)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The old copies, as sets of class tokens found together in one string. */
const COPIES: Record<string, readonly string[][]> = {
  'primary button (btn btn-primary)': [['bg-brand-700', 'hover:bg-brand-800']],
  'secondary button (btn btn-secondary)': [['border-gray-400', 'hover:bg-gray-100', 'dark:hover:bg-gray-800']],
  'text link (text-link)': [
    ['text-brand-700', 'dark:text-brand-300', 'underline'],
    ['text-brand-700', 'dark:text-brand-300', 'hover:underline'],
  ],
  'card (card)': [['rounded-lg', 'border', 'border-gray-200', 'dark:border-gray-700']],
  'field input (field-input)': [['border-gray-400', 'bg-white', 'px-3', 'py-2']],
  'menu link (nav-link, drawer-link)': [['rounded-md', 'px-3', 'py-2', 'aria-[current=page]:text-brand-700']],
};

describe('copies of the parts in src/', () => {
  const strings = sourceFiles('src').flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(["'`])([^"'`\n]*)\1/g)].map((m) => ({
      file,
      tokens: new Set(m[2]!.split(/\s+/)),
    })),
  );

  it('are found where they are planted (the check can fail)', () => {
    const planted = new Set('cursor-pointer rounded-md bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800'.split(' '));
    expect(COPIES['primary button (btn btn-primary)']!.some((set) => set.every((token) => planted.has(token)))).toBe(true);
  });

  for (const [part, sets] of Object.entries(COPIES)) {
    it(`none of ${part}`, () => {
      const found = strings.filter(({ tokens }) => sets.some((set) => set.every((token) => tokens.has(token)))).map(({ file }) => file);
      expect(found).toEqual([]);
    });
  }

  it('no module imports the old button modules or looks, and they are gone', () => {
    const importers = (module: RegExp) => sourceFiles('src').filter((file) => module.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(importers(/from '[./]*(schedule-manager\/)?buttons'/)).toEqual([]);
    expect(importers(/from '[./]*blog-editor\/ui'|from '\.\/ui'/).filter((file) => file.startsWith('src/islands/blog-editor/'))).toEqual(
      [],
    );
    expect(importers(/from '[./]*(frozen\/)?styles'/)).toEqual([]);
    for (const gone of ['src/islands/blog-editor/ui.ts', 'src/islands/schedule-manager/buttons.ts', 'src/islands/frozen/styles.ts']) {
      expect(existsSync(path.join(ROOT, gone)), gone).toBe(false);
    }
  });
});
