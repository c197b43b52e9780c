/**
 * /blog-editor behind the sign-in guard: her blogs (list and editor) and,
 * under the タイムライン tab, the timeline composer (loaded when the tab
 * opens: a blog writer never downloads it). Only therapists and stores
 * write; the guard tells a fan account that the page is not hers.
 */
import { lazy, Suspense } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { NEW_BLOG } from '../../lib/blogs/local-draft';
import { RequireSignIn } from '../account/RequireSignIn';
import { BlogEditor } from './BlogEditor';
import { BlogList } from './BlogList';
import { useEditorRoute, type EditorRoute } from './routes';

const TimelineComposer = lazy(() =>
  import('../timeline-composer/TimelineComposer').then((module) => ({ default: module.TimelineComposer })),
);

const tabClass =
  'inline-flex min-h-11 items-center border-b-2 border-transparent px-4 font-medium text-gray-700 hover:text-gray-900 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800 dark:text-gray-300 dark:hover:text-white dark:aria-[current=page]:border-brand-300 dark:aria-[current=page]:text-brand-200';

function EditorApp({ user }: { user: AuthUser }) {
  const { route, navigate, visit } = useEditorRoute();
  const go = (next: EditorRoute) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(next);
  };
  const onTimeline = route.view === 'timeline';
  return (
    <div className="space-y-6">
      <nav aria-label="投稿の種類" className="flex gap-1 border-b border-gray-200 dark:border-gray-700">
        <a href="/blog-editor" className={tabClass} aria-current={onTimeline ? undefined : 'page'} onClick={go({ view: 'list' })}>
          ブログ
        </a>
        <a
          href="/blog-editor?tab=timeline"
          className={tabClass}
          aria-current={onTimeline ? 'page' : undefined}
          onClick={go({ view: 'timeline' })}
        >
          タイムライン
        </a>
      </nav>
      {route.view === 'timeline' ? (
        <div className="max-w-2xl">
          <Suspense
            fallback={
              <p role="status" className="text-gray-700 dark:text-gray-300">
                読み込み中…
              </p>
            }
          >
            <TimelineComposer user={user} />
          </Suspense>
        </div>
      ) : route.view === 'edit' ? (
        <BlogEditor
          key={visit}
          user={user}
          id={route.id}
          onBack={() => navigate({ view: 'list' })}
          onIdAssigned={(id) => navigate({ view: 'edit', id }, { quiet: true })}
          onEditNew={() => navigate({ view: 'edit', id: NEW_BLOG }, { replace: true })}
        />
      ) : (
        <BlogList key={visit} user={user} onEdit={(id) => navigate({ view: 'edit', id })} />
      )}
    </div>
  );
}

export function BlogEditorPage() {
  return <RequireSignIn page="blog-editor">{({ user }) => <EditorApp user={user} />}</RequireSignIn>;
}
