/**
 * The first-visit view of /favorites (no 推し yet): therapists working
 * today, the most 推し'd and the latest writers, from the public site
 * (worked out at build time), each with a ☆ that adds her at once.
 */
import { useState } from 'react';
import type { SuggestedPerson, SuggestionGroup } from '../../lib/favorites/suggestions';
import { Button } from '../ui/Button';
import { PersonAvatar } from './PersonAvatar';

interface SuggestionsProps {
  groups: readonly SuggestionGroup[];
  /** Adds her; rejects with a Japanese message. */
  onAdd: (person: SuggestedPerson) => Promise<void>;
}

function SuggestedCard({ person, onAdd }: { person: SuggestedPerson; onAdd: SuggestionsProps['onAdd'] }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const add = () => {
    setState({ busy: true, error: '' });
    onAdd(person).catch((error: unknown) =>
      setState({ busy: false, error: error instanceof Error ? error.message : '推しに追加できませんでした。' }),
    );
  };
  return (
    <li className="card flex items-center gap-3 p-3" data-testid="suggested-person" data-uid={person.uid}>
      <PersonAvatar name={person.name} photoURL={person.photoURL} illustration={person.illustration} />
      <div className="min-w-0 flex-1">
        <a href={person.href} className="text-link font-bold break-words">
          {person.name}
        </a>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {person.area}・{person.note}
        </p>
        {state.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {state.error}
          </p>
        )}
      </div>
      <Button variant="secondary" size="sm" busy={state.busy} busyLabel="追加中…" aria-label={`${person.name} 推しに追加`} onClick={add}>
        <span aria-hidden="true">☆</span> 推しに追加
      </Button>
    </li>
  );
}

export function Suggestions({ groups, onAdd }: SuggestionsProps) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="grid gap-4" data-testid="favorite-suggestions">
      <h2 id="suggestions-heading" className="text-lg font-bold">
        はじめての推しを探す
      </h2>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`suggestions-${group.id}`} className="grid gap-2">
          <h3 id={`suggestions-${group.id}`} className="font-bold">
            {group.title}
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {group.people.map((person) => (
              <SuggestedCard key={person.uid} person={person} onAdd={onAdd} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
