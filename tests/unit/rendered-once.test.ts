import { describe, expect, it, vi } from 'vitest';
import { renderedOnce } from '../../src/lib/rendered-once';

describe('renderedOnce', () => {
  it('renders a variant of a component once and repeats its markup', async () => {
    const component = {};
    const render = vi.fn(async () => '<nav>a</nav>');
    expect(await renderedOnce(component, '/search', render)).toBe('<nav>a</nav>');
    expect(await renderedOnce(component, '/search', async () => '<nav>other</nav>')).toBe('<nav>a</nav>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders each variant, and each component, on its own', async () => {
    const nav = {};
    const footer = {};
    await renderedOnce(nav, '/search', async () => 'search');
    expect(await renderedOnce(nav, '/howto', async () => 'howto')).toBe('howto');
    expect(await renderedOnce(footer, '/search', async () => 'footer')).toBe('footer');
    // A new version of a component (a new object) never shows the old one's markup.
    expect(await renderedOnce({}, '/search', async () => 'edited')).toBe('edited');
  });

  it('shares one render among pages that ask at once', async () => {
    const component = {};
    let finish!: (markup: string) => void;
    const render = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = renderedOnce(component, '', render);
    const second = renderedOnce(component, '', render);
    finish('<footer></footer>');
    expect(await Promise.all([first, second])).toEqual(['<footer></footer>', '<footer></footer>']);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed render, so the next page renders again', async () => {
    const component = {};
    await expect(renderedOnce(component, '', () => Promise.reject(new Error('export unreadable')))).rejects.toThrow('export unreadable');
    expect(await renderedOnce(component, '', async () => 'after')).toBe('after');
  });
});
