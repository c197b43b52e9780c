import { describe, expect, it } from 'vitest';
import { planBuild, type PreviousBuild } from '../../scripts/lib/build-plan';
import { SitePages, type PageRecord } from '../../scripts/lib/site-state';

const page = (file: string): PageRecord => ({ file, kind: 'page', sitemap: true });

function previousOf(urls: string[]): PreviousBuild {
  const pages = new SitePages();
  for (const url of urls) pages.set(url, page(`${url.slice(1) || 'index'}.html`));
  return { pages, hashSets: ['{"scripts":["a"],"styles":[],"handlers":[]}'], sitemapFiles: ['sitemap-0.xml'] };
}

describe('planBuild', () => {
  const urls = ['/', '/profile/miu', '/profile/rena', '/today'];

  it('plans a full build as an incremental one in which everything changed: every page rendered, nothing removed', () => {
    const plan = planBuild(urls, undefined, new Set(['/today']));
    expect(plan.from).toBe('empty');
    expect(plan.render).toEqual(urls);
    expect(plan.remove).toEqual([]);
    expect([...plan.pages.entries()]).toEqual([]);
    expect(plan.sitemapFiles).toEqual([]);
  });

  it('renders what the change affects and the pages the previous build lacked, and removes what is no longer listed', () => {
    const previous = previousOf(['/', '/profile/miu', '/profile/gone', '/today']);
    const plan = planBuild(urls, previous, new Set(['/today']));
    expect(plan.from).toBe('live');
    expect(plan.render).toEqual(['/profile/rena', '/today']);
    expect(plan.remove.map(([url]) => url)).toEqual(['/profile/gone']);
    expect(plan.sitemapFiles).toEqual(['sitemap-0.xml']);
  });

  it('renders every page on a new day (affected: all), from the live generation', () => {
    const plan = planBuild(urls, previousOf(urls), null);
    expect(plan.from).toBe('live');
    expect(plan.render).toEqual(urls);
  });

  it('leaves the previous build’s records as they were when the plan’s are changed', () => {
    const previous = previousOf(['/', '/profile/miu']);
    const plan = planBuild(urls, previous, new Set());
    plan.pages.set('/profile/rena', page('profile/rena.html'));
    plan.pages.delete('/profile/miu');
    expect(previous.pages.get('/profile/rena')).toBeUndefined();
    expect(previous.pages.get('/profile/miu')).toEqual(page('profile/miu.html'));
    // And a later full plan still starts from nothing.
    expect([...planBuild(urls, undefined, null).pages.entries()]).toEqual([]);
  });
});
