export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: React.ReactNode; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="bg-brand-700 hover:bg-brand-800 dark:bg-brand-700 dark:hover:bg-brand-800 w-full cursor-pointer rounded-md px-4 py-2.5 font-bold text-white disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}
