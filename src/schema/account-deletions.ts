/**
 * accountDeletions/{uid} = {requestedAt}: the account asked to be erased
 * (退会, /announcements#leave). The owner creates it, once, with her
 * password given again; nobody reads or changes it but trusted code, which
 * erases every record of hers and then the request (scripts/accounts/).
 * No zod here: the island that writes it imports this name.
 */
export const ACCOUNT_DELETIONS_COLLECTION = 'accountDeletions';
