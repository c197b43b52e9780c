/** The name a store goes by on the site: its display name, else its registered name. */
export function storeDisplayName(store: { displayName: string; storeName: string }): string {
  return store.displayName || store.storeName;
}

/** The same name from a store document as read from Firestore, whose fields may be missing. */
export function storeDocName(data: Readonly<Record<string, unknown>>): string {
  return storeDisplayName({ displayName: String(data.displayName ?? ''), storeName: String(data.storeName ?? '') });
}
