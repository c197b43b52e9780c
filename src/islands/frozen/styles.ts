/** Button looks shared by the frozen-handle editor (Tailwind classes). */
const base =
  'inline-flex cursor-pointer items-center justify-center rounded-md px-4 py-2 font-bold disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${base} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-700 dark:hover:bg-brand-800`;
export const secondaryButton = `${base} border border-gray-400 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800`;
export const dangerButton = `${base} bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700`;
export const linkButton =
  'cursor-pointer text-sm text-brand-700 underline underline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:text-brand-300';
