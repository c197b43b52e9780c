/**
 * A 推し's picture as the static Avatar shows it: her photo (the name's
 * first character if it fails to load, `.avatar-photo` in global.css);
 * else her illustrated face (decorative); else the name's first character.
 */
import { nameInitial } from '../../lib/avatar/initial';

export function PersonAvatar({ name, photoURL, illustration }: { name: string; photoURL: string; illustration?: string | undefined }) {
  const size = 'size-14 shrink-0 rounded-full';
  if (photoURL)
    return (
      <img
        src={photoURL}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        data-initial={nameInitial(name)}
        className={`avatar-photo ${size} object-cover text-xl`}
      />
    );
  if (illustration) return <img src={illustration} alt="" width={56} height={56} loading="lazy" decoding="async" className={size} />;
  return (
    <span aria-hidden="true" className={`avatar-initial ${size} inline-flex text-xl`}>
      {nameInitial(name)}
    </span>
  );
}
