/** The name a store goes by on the site: its display name, else its registered name. */
export function storeDisplayName(store: { displayName: string; storeName: string }): string {
  return store.displayName || store.storeName;
}
