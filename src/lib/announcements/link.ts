/**
 * An announcement's link as the page may use it: a path on this site or an
 * https URL. Anything else (javascript:, protocol-relative) is dropped.
 */
export function safeAnnouncementLink(link: string): string | null {
  const value = link.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  return /^https:\/\/[^\s/]+/.test(value) ? value : null;
}
