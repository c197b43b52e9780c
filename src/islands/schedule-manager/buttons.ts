/** Button looks shared by the schedule editor (touch-sized for phones). */
export const primaryButton =
  'cursor-pointer rounded-md bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:bg-brand-700 dark:hover:bg-brand-800';
export const secondaryButton =
  'cursor-pointer rounded-md border border-gray-400 px-3 py-2 hover:bg-gray-100 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:border-gray-600 dark:hover:bg-gray-800';
export const dangerButton =
  'cursor-pointer rounded-md border border-red-700 px-3 py-2 font-medium text-red-800 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950';
/** One of a set to pick from: aria-current marks the chosen one. */
export const choiceButton = `${secondaryButton} aria-[current=true]:border-brand-700 aria-[current=true]:bg-brand-50 aria-[current=true]:font-bold dark:aria-[current=true]:border-brand-300 dark:aria-[current=true]:bg-brand-950`;
