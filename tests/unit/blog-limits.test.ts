import { describe, expect, it } from 'vitest';
import * as blogs from '../../src/lib/blogs/limits';
import * as posts from '../../src/lib/posts/limits';
import * as blogSchema from '../../src/schema/blogs';
import * as postSchema from '../../src/schema/posts';
import { MAX_SOURCE_BYTES } from '../../src/lib/avatar/limits';

describe('the editors mirror the schemas', () => {
  it('for blogs', () => {
    expect(blogs.MAX_BLOGS_PER_DAY).toBe(blogSchema.MAX_BLOGS_PER_DAY);
    expect(blogs.MAX_BLOG_IMAGES).toBe(blogSchema.MAX_BLOG_IMAGES);
    expect(blogs.BLOG_TITLE_MAX).toBe(blogSchema.BLOG_TITLE_MAX);
    expect(blogs.BLOG_BODY_MAX).toBe(blogSchema.BLOG_BODY_MAX);
  });

  it('for timeline posts', () => {
    expect(posts.MAX_POSTS_PER_DAY).toBe(postSchema.MAX_POSTS_PER_DAY);
    expect(posts.MAX_POST_IMAGES).toBe(postSchema.MAX_POST_IMAGES);
    expect(posts.POST_TEXT_MAX).toBe(postSchema.POST_TEXT_MAX);
  });

  it('and storage.rules for pictures: ≤ 1600 px, under 2 MB, from a file of at most 10 MB', () => {
    expect(blogs.CONTENT_IMAGE_MAX_SIDE).toBe(1600);
    expect(blogs.MAX_CONTENT_IMAGE_BYTES).toBe(2 * 1024 * 1024);
    expect(MAX_SOURCE_BYTES).toBe(10 * 1024 * 1024);
  });
});
