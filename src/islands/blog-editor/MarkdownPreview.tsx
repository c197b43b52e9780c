/**
 * The live preview: the body rendered by the very function the static
 * /blog/{id} page uses (src/lib/markdown/render.ts: marked, then
 * js-xss), with pictures resolved to her local files or their
 * Storage URLs. The renderer is loaded when the preview first shows, so
 * the editor opens without waiting for it. A body past the Markdown
 * bounds (src/lib/markdown/bounds.ts) is not rendered, here as on the
 * page: the preview says why instead.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { MarkdownTooComplexError, type MarkdownProblem } from '../../lib/markdown/bounds';
import { BLOG_BODY_CLASS } from './ui';

type Render = typeof import('../../lib/markdown/render').renderMarkdown;
type Preview = { html: string } | { problem: MarkdownProblem };

/** The body rendered, or the bounds' reason not to. */
function preview(render: Render, body: string, imageUrl: (slot: number) => string | null): Preview {
  try {
    return { html: render(body, { imageUrl }) };
  } catch (error) {
    if (error instanceof MarkdownTooComplexError) return { problem: error.problem };
    throw error;
  }
}

let loading: Promise<Render> | undefined;
const loadRenderer = () => (loading ??= import('../../lib/markdown/render').then((module) => module.renderMarkdown));

interface Props {
  title: string;
  body: string;
  tags: readonly string[];
  cover: number | null;
  imageUrl(slot: number): string | null;
}

export function MarkdownPreview({ title, body, tags, cover, imageUrl }: Props) {
  const [render, setRender] = useState<Render | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadRenderer().then(
      (found) => live && setRender(() => found),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  // Typing stays quick on a long body: the preview follows a moment later.
  const shownBody = useDeferredValue(body);
  const shown = useMemo(() => (render ? preview(render, shownBody, imageUrl) : null), [render, shownBody, imageUrl]);
  const coverUrl = cover === null ? null : imageUrl(cover);

  return (
    <article aria-label="プレビュー" data-testid="blog-preview" className="space-y-4">
      {coverUrl && <img src={coverUrl} alt="" className="aspect-[16/9] w-full rounded-lg bg-gray-100 object-cover dark:bg-gray-800" />}
      <h1 className="text-2xl font-bold break-words">
        {title.trim() || <span className="text-gray-500 dark:text-gray-400">（タイトル未入力）</span>}
      </h1>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="記事のタグ">
          {tags.map((tag) => (
            <li key={tag} className="bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100 rounded-full px-2.5 py-0.5 text-sm">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          プレビューを読み込めませんでした。通信状態を確かめて、ページを再読み込みしてください。入力した内容は残っています。
        </p>
      ) : !shown ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          プレビューを準備しています…
        </p>
      ) : 'problem' in shown ? (
        <div
          role="status"
          data-testid="blog-preview-problem"
          className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-bold">この本文は表示できないため、保存・公開できません。</p>
          <p>{shown.problem.message}</p>
        </div>
      ) : shownBody.trim() === '' ? (
        <p className="text-gray-500 dark:text-gray-400">本文を入力すると、ここに公開ページと同じ見た目で表示されます。</p>
      ) : (
        // Safe: renderMarkdown's output is sanitised (an allow-list of tags and attributes), the same HTML the static page shows.
        <div data-testid="blog-preview-body" className={BLOG_BODY_CLASS} dangerouslySetInnerHTML={{ __html: shown.html }} />
      )}
    </article>
  );
}
