export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: React.ReactNode; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="w-full cursor-pointer rounded-md bg-blue-700 px-4 py-2.5 font-bold text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-70 dark:bg-blue-600 dark:hover:bg-blue-700"
    >
      {busy ? busyLabel : children}
    </button>
  );
}
