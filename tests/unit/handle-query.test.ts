import { describe, expect, it } from 'vitest';
import { parseHandleQuery } from '../../src/lib/search/handle-query';

describe('parseHandleQuery', () => {
  it.each([
    ['@miu_0312', 'miu_0312', 'explicit'],
    ['miu_0312', 'miu_0312', 'explicit'],
    ['@MIU_0312', 'miu_0312', 'explicit'],
    ['MIU_0312', 'miu_0312', 'explicit'],
    ['＠ｍｉｕ＿０３１２', 'miu_0312', 'explicit'],
    ['ＭＩＵ＿０３１２', 'miu_0312', 'explicit'],
    ['  @miu_0312  ', 'miu_0312', 'explicit'],
    ['\u3000miu_0312\u3000', 'miu_0312', 'explicit'],
    ['@@miu_0312', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312/', 'miu_0312', 'explicit'],
    ['http://x.com/miu_0312', 'miu_0312', 'explicit'],
    ['x.com/miu_0312', 'miu_0312', 'explicit'],
    ['https://twitter.com/miu_0312', 'miu_0312', 'explicit'],
    ['twitter.com/Miu_0312?lang=ja', 'miu_0312', 'explicit'],
    ['https://mobile.twitter.com/miu_0312', 'miu_0312', 'explicit'],
    ['https://www.twitter.com/miu_0312', 'miu_0312', 'explicit'],
    ['https://X.COM/MIU_0312', 'miu_0312', 'explicit'],
    ['HTTPS://Twitter.com/miu_0312', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312/status/1790000000000000000', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312/status/1790000000000000000?s=20', 'miu_0312', 'explicit'],
    ['https://twitter.com/miu_0312?s=21&t=abcDEF', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312/with_replies', 'miu_0312', 'explicit'],
    ['https://x.com/miu_0312#top', 'miu_0312', 'explicit'],
    ['  https://x.com/miu_0312/  ', 'miu_0312', 'explicit'],
    ['https://x.com/@miu_0312', 'miu_0312', 'explicit'],
    ['a', 'a', 'bare'],
    ['abcdefghijklmno', 'abcdefghijklmno', 'bare'],
    ['Aroma', 'aroma', 'bare'],
    ['nobody_9999', 'nobody_9999', 'explicit'],
  ])('reads %j as @%s (%s)', (input, handle, certainty) => {
    expect(parseHandleQuery(input)).toEqual({ handle, certainty });
  });

  it.each([
    [''],
    ['   '],
    ['@'],
    ['みう'],
    ['みう（新人）'],
    ['癒しの森 新宿'],
    ['miu 0312'],
    ['abcdefghijklmnop'],
    ['miu-0312'],
    ['miu.0312'],
    ['https://x.com/'],
    ['https://x.com/home'],
    ['https://x.com/search?q=miu'],
    ['https://x.com/i/status/1'],
    ['https://x.com/hashtag/メンエス'],
    ['https://example.com/miu_0312'],
    ['https://x.com.evil.test/miu_0312'],
    ['https://instagram.com/miu_0312'],
    ['javascript:alert(1)'],
    ['https://x.com/this_handle_is_too_long'],
  ])('reads %j as no handle', (input) => {
    expect(parseHandleQuery(input)).toBeNull();
  });
});
