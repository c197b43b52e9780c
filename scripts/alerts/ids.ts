/**
 * Deterministic announcement ids, so a rerun of an event rewrites the same
 * documents instead of adding new ones. Each part is escaped (%, / and the
 * ~ separator), so an id is always one valid Firestore document id and two
 * different (event, fan) pairs never share one.
 */
const escapePart = (part: string) => part.replace(/[%/~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** `{eventId}~{fanUid}`: one event's announcement for one fan. */
export function announcementId(eventId: string, fanUid: string): string {
  return `${escapePart(eventId)}~${escapePart(fanUid)}`;
}

/** `digest~{targetUid}~{date}~{fanUid}`: a fan's one digest for a 推し and a Tokyo day. */
export function digestId(targetUid: string, date: string, fanUid: string): string {
  return `digest~${escapePart(targetUid)}~${escapePart(date)}~${escapePart(fanUid)}`;
}
