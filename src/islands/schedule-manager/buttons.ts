/** Button looks shared by the schedule editor (touch-sized for phones). */
export const primaryButton =
  'cursor-pointer rounded-md bg-blue-700 px-4 py-2.5 font-bold text-white hover:bg-blue-800 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:bg-blue-600 dark:hover:bg-blue-700';
export const secondaryButton =
  'cursor-pointer rounded-md border border-gray-400 px-3 py-2 hover:bg-gray-100 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:border-gray-600 dark:hover:bg-gray-800';
