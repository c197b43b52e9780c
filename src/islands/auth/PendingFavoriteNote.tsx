/**
 * On /login and /register after a signed-out ☆ tap: says which 推し will
 * be added, named from the public people index (never from the link, which
 * anyone can write), and when.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { fetchShardFile } from '../../lib/search/shard-file';
import { findPerson, personShardUrl, type PersonEntry } from '../../lib/favorites/people-index';
import type { PendingFavorite } from '../../lib/favorites/pending-favorite';
import { FormAlert } from '../forms/FormAlert';

/** Her public name, or '' while unknown (the index answers for public profiles only). */
export function usePersonName(target: PendingFavorite | null): string {
  const [name, setName] = useState('');
  useEffect(() => {
    if (!target) return;
    let live = true;
    fetchShardFile<PersonEntry>(personShardUrl(target.uid))
      .then((shard) => findPerson(shard, target.uid))
      .then((person) => live && setName(person ? (person.kind === 'store' ? person.name : `${person.name}さん`) : ''))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target]);
  return name;
}

interface NoteProps {
  target: PendingFavorite;
  /** Finishes 「…を、{when}推しに追加します」. */
  when: string;
  children?: ReactNode;
}

export function PendingFavoriteNote({ target, when, children }: NoteProps) {
  const name = usePersonName(target);
  return (
    <FormAlert kind="info">
      <p data-testid="pending-favorite">
        <span aria-hidden="true">☆ </span>
        {name || (target.kind === 'store' ? 'この店舗' : 'このセラピスト')}を、{when}推しに追加します。
      </p>
      {children}
    </FormAlert>
  );
}
