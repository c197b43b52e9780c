/** The avatar: photoURL when there is one, else the name's first character on blue. */
export function Avatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  if (photoURL) {
    return <img src={photoURL} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="bg-brand-700 inline-flex size-8 items-center justify-center rounded-full text-sm font-bold text-white"
    >
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}
