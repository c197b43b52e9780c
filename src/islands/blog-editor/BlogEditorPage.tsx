/**
 * /blog-editor behind the sign-in guard: her blogs (list and editor) and,
 * under the タイムライン tab, the timeline composer (loaded when the tab
 * opens: a blog writer never downloads it). Only therapists and stores
 * write; another account is told why there is nothing here.
 */
import { lazy, Suspense } from 'react';
import type { AccountType } from '../../lib/auth/account-hint';
import type { AuthUser } from '../../lib/auth/auth-store';
import { NEW_BLOG } from '../../lib/blogs/local-draft';
import { RequireSignIn } from '../account/RequireSignIn';
import { FormAlert } from '../forms/FormAlert';
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

function NotAWriter() {
  return (
    <FormAlert kind="info">
      <p>ブログとタイムラインに投稿できるのは、セラピストまたは店舗として登録したアカウントです。</p>
      <p className="mt-2">
        このアカウントにはセラピストのプロフィールも店舗のプロフィールも見つかりませんでした。通信の具合で確かめられなかった場合もあるため、ページを再読み込みしてもこの表示が続くときは運営までお問い合わせください。
      </p>
    </FormAlert>
  );
}

export function BlogEditorPage() {
  return (
    <RequireSignIn>
      {({ user, accountType }: { user: AuthUser; accountType: AccountType | null }) =>
        accountType === 'therapist' || accountType === 'store' ? <EditorApp user={user} /> : <NotAWriter />
      }
    </RequireSignIn>
  );
}
