/**
 * The mutation check of the issue-10 clauses in firestore.rules: each entry
 * breaks one clause (find → replace, `find` must occur exactly once) and
 * names the test files that should catch it, the likeliest first. run.mjs applies them one at a
 * time to a temporary copy; firestore.rules itself is never touched.
 *
 * The store-request and content mutants (private store requests; blogs
 * and posts of a public author), run alone: 28, 27 caught, the survivor
 * being isConfirmedMember's exists() below.
 *
 * Last run: 166 mutants, 156 caught. The 10 that survive are equivalent
 * (no request can tell them apart), each because another clause implies
 * the broken one:
 * - isConfirmedMember exists(): get() of a missing doc is an error (deny);
 * - memberships status enum: create/update each list their statuses;
 * - frozen verification enum: create pins 'self', updates pin or keep it;
 * - frozen slot is int / >= 0 / <= 9: the slot doc handleSlots/{string(slot)}
 *   must be created in the same batch, its id '^[0-9]$' and
 *   handleAfter(..).slot == int(slotId);
 * - frozen create "slot free before" and its suspension check: the slot doc
 *   must be created in the same write (no update rule), and that create
 *   checks the suspension itself;
 * - Tokyo offset (+9 h) dropped: the same Tokyo and UTC calendar day when
 *   the tests run between 00:00 and 15:00 UTC; caught between 15:00 and
 *   24:00 UTC (the date-range tests then sit on the other day).
 *
 * The store-badge and slug-hold mutants (2026-11-28, run with --only on
 * them): 27, 24 caught; three more are equivalent since then:
 * - frozen update "store may set any level": confirmedBy == its own uid and
 *   the level/confirmedBy pairing in isFrozenAccount pin 'store' (the run
 *   reported it caught only by a timing-sensitive customers test);
 * - slug release "owner unchecked" and "userId may change": the release
 *   must be listed in the releaser's slugHolds, whose every slug must be
 *   hers after the write.
 */
const P = 'profile-fields.test.ts profiles.test.ts registration.test.ts current-handles.test.ts malformed.test.ts moderation.test.ts';
const S = 'slugs.test.ts profile-fields.test.ts registration.test.ts moderation.test.ts';
const C = 'current-handles.test.ts frozen-accounts.test.ts moderation.test.ts';
const F = 'frozen-accounts.test.ts moderation.test.ts malformed.test.ts';
const SH = 'schedules.test.ts moderation.test.ts malformed.test.ts';
const M = 'memberships.test.ts malformed.test.ts schedules.test.ts frozen-accounts.test.ts';
const D = 'moderation.test.ts malformed.test.ts';
const U = 'users.test.ts malformed.test.ts';
const H = 'malformed.test.ts profile-fields.test.ts frozen-accounts.test.ts schedules.test.ts';
const R = 'store-requests.test.ts profiles.test.ts memberships.test.ts malformed.test.ts current-handles.test.ts';
const B = 'blogs-posts.test.ts';

export const MUTANTS = [
  // ---- shared helpers
  ['notSuspended dropped', D, "return !exists(docPath('suspensions', request.auth.uid));", 'return true;'],
  ['isText min dropped', H, 'value is string && value.size() >= min && value.size() <= max', 'value is string && value.size() <= max'],
  ['isText max dropped', H, 'value is string && value.size() >= min && value.size() <= max', 'value is string && value.size() >= min'],
  ['URL class back to \\S', H, "value.matches('^https://[!-~]+$')", "value.matches('^https://\\\\S+$')"],
  [
    'URL length cap dropped',
    H,
    "return isText(value, 0, 500) && value.matches('^https://[!-~]+$');",
    "return value is string && value.matches('^https://[!-~]+$');",
  ],
  [
    'photo pattern dropped',
    H,
    "&& value.matches('^avatars/[A-Za-z0-9]{1,128}/[01][.](webp|jpg|png)$')",
    "&& value.matches('^avatars/.*$')",
  ],
  ['photo owner check dropped', H, "&& value.split('/')[1] == uid);", ');'],
  ['real-day check dropped', H, 'return day.month() == int(value[5:7]) && day.day() == int(value[8:10]);', 'return true;'],
  [
    'real-day check not called',
    H,
    "value.matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$') && isRealDay(value);",
    "value.matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$');",
  ],
  ['tags size cap dropped', H, 'return value is list && value.size() <= 10', 'return value is list'],
  ...Array.from({ length: 10 }, (_, i) => [`tags element ${i} unchecked`, H, `(value.size() <= ${i} || isTag(value[${i}]))`, 'true']),
  [
    'tag bounds dropped',
    H,
    'function isTag(value) {\n      return isText(value, 1, 20);',
    'function isTag(value) {\n      return value is string;',
  ],
  ['channels.x unchecked', H, "(!('x' in value) || isXHandle(value.x))", 'true'],
  ['channels.website unchecked', H, "(!('website' in value) || isHttpsUrl(value.website))", 'true'],

  // ---- profiles
  ['accounts: published-owner read of stores dropped', F, "|| get(docPath('stores', uid)).data.published == true;", ';'],
  [
    'accounts: published-owner read of accounts dropped',
    F,
    "return get(docPath('accounts', uid)).data.published == true\n        ||",
    'return false ||',
  ],
  [
    'profileAfter: stores branch dropped',
    C,
    "(existsAfter(docPath('stores', uid)) ? getAfter(docPath('stores', uid)).data : {'channels': {}})",
    "{'channels': {}}",
  ],
  ['slug in use: releasedAt unchecked', S, '&& reservation.releasedAt == null;', ';'],
  ['old slug release unchecked', S, "|| getAfter(docPath('slugs', slug)).data.releasedAt == request.time;", '|| true;'],
  ['old slug missing-doc escape dropped', S, "return !existsAfter(docPath('slugs', slug))\n        ||", 'return false ||'],
  ['current X: new handle reservation unchecked', C, "((newX == '' || currentHandleHeldBy('x_' + newX, uid))", '(true'],
  [
    'current X: old reservation release unchecked',
    C,
    "&& (oldX == '' || !existsAfter(docPath('currentHandles', 'x_' + oldX))\n            || !currentHandleHeldBy('x_' + oldX, uid)));",
    ');',
  ],
  ['current X: old missing-doc escape dropped', C, "|| !existsAfter(docPath('currentHandles', 'x_' + oldX))", ''],
  ['current X: old held-by-other escape dropped', C, "|| !currentHandleHeldBy('x_' + oldX, uid)));", '));'],
  ['current X on create unchecked', P, "&& (!('x' in data.channels) || currentHandleHeldBy('x_' + data.channels.x, uid));", ';'],
  [
    'store published check dropped',
    R,
    "return get(docPath('stores', storeId)).data.published == true;",
    "return exists(docPath('stores', storeId));",
  ],
  [
    'create profile: suspension ignored',
    D,
    'function canCreateProfile(uid, kind, otherKind) {\n      let data = incoming();\n      return isActiveOwner(uid)',
    'function canCreateProfile(uid, kind, otherKind) {\n      let data = incoming();\n      return isOwner(uid)',
  ],
  [
    'update profile: suspension ignored',
    D,
    'let before = existing();\n      return isActiveOwner(uid)',
    'let before = existing();\n      return isOwner(uid)',
  ],
  [
    'update profile: new slug unchecked',
    S,
    '|| (slugInUseBy(data.profileSlug, uid, kind) && slugReleasedNow(before.profileSlug)))',
    '|| slugReleasedNow(before.profileSlug))',
  ],
  [
    'update profile: old slug release unchecked',
    S,
    '|| (slugInUseBy(data.profileSlug, uid, kind) && slugReleasedNow(before.profileSlug)))',
    '|| slugInUseBy(data.profileSlug, uid, kind))',
  ],
  ['update profile: current X unchecked', C, '&& currentHandleChangeOk(uid, data, before);', ';'],
  ['accounts: photo unchecked', P, '&& isText(data.bio, 0, 2000)\n        && isPhotoPath(data.photo, uid)', '&& isText(data.bio, 0, 2000)'],
  ['accounts: tags unchecked', P, '&& isTags(data.tags)', ''],
  [
    'stores: photo unchecked',
    P,
    '&& isText(data.description, 0, 2000)\n        && isPhotoPath(data.photo, uid)',
    '&& isText(data.description, 0, 2000)',
  ],
  ['stores: website unchecked', P, '&& isOptionalUrl(data.website)', ''],
  ['accounts: any signed-in user reads any profile', R, '|| isRequestedStore(uid);', '|| isSignedIn();'],
  [
    'accounts: any store reads a requester',
    R,
    "get(docPath('storeRequests', therapist)).data.storeId == request.auth.uid;",
    "exists(docPath('storeRequests', therapist));",
  ],

  // ---- store requests (storeRequests/{uid})
  ['request: keys unchecked', R, "return hasExactly(data, ['userId', 'storeId', 'requestedAt', 'updatedAt'])", 'return true'],
  ['request: userId unchecked', R, "'requestedAt', 'updatedAt'])\n          && data.userId == uid", "'requestedAt', 'updatedAt'])"],
  [
    'request: updatedAt unchecked',
    R,
    '&& data.updatedAt == request.time;\n      }\n\n      // Naming a store',
    ';\n      }\n\n      // Naming a store',
  ],
  [
    'request: requestedAt == request.time dropped',
    R,
    'return isUid(data.storeId) && data.requestedAt == request.time && isPublishedStore(data.storeId);',
    'return isUid(data.storeId) && isPublishedStore(data.storeId);',
  ],
  [
    'request: published store unchecked',
    R,
    'return isUid(data.storeId) && data.requestedAt == request.time && isPublishedStore(data.storeId);',
    'return isUid(data.storeId) && data.requestedAt == request.time;',
  ],
  ['request: no store with a time', R, 'return data.storeId == null && data.requestedAt == null;', 'return data.storeId == null;'],
  ['request: unchanged store may restamp', R, '? incoming().requestedAt == existing().requestedAt', '? true'],
  [
    'request: create by anyone signed in',
    R,
    "allow create: if isActiveOwner(uid)\n        && exists(docPath('accounts', uid))",
    "allow create: if isSignedIn()\n        && exists(docPath('accounts', uid))",
  ],
  ['request: create without a therapist profile', R, "&& exists(docPath('accounts', uid))\n        && isStoreRequest", '&& isStoreRequest'],
  [
    'request: update suspension ignored',
    D,
    'allow update: if isActiveOwner(uid)\n        && isStoreRequest(incoming())',
    'allow update: if isOwner(uid)\n        && isStoreRequest(incoming())',
  ],
  [
    'request: get by anyone signed in',
    R,
    'allow get: if isOwner(uid) || (isSignedIn() && existing().storeId == request.auth.uid);',
    'allow get: if isOwner(uid) || isSignedIn();',
  ],
  [
    'request: list by anyone signed in',
    R,
    'allow list: if isSignedIn()\n        && (existing().userId == request.auth.uid || existing().storeId == request.auth.uid);\n      allow create',
    'allow list: if isSignedIn();\n      allow create',
  ],

  // ---- membership
  [
    'member: profile names the store unchecked',
    M,
    'return storeRequest.storeId == store\n        && exists(membership)',
    'return exists(membership)',
  ],
  ['member: status unchecked', M, "&& get(membership).data.status == 'confirmed'", ''],
  ['member: requestedAt unchecked', M, '&& get(membership).data.requestedAt == storeRequest.requestedAt;', ';'],
  ['member: exists guard dropped (equivalent: get of a missing doc is an error)', M, '&& exists(membership)\n', '\n'],
  ['memberships: id unchecked', M, "&& id == data.storeId + '_' + data.userId", ''],
  ['memberships: writer == store unchecked', M, '&& request.auth.uid == data.storeId\n', '\n'],
  ['memberships: stores doc unchecked', M, "&& exists(docPath('stores', data.storeId))", ''],
  ['memberships: status enum unchecked', M, "&& data.status in ['confirmed', 'declined', 'removed']", ''],
  ['memberships: requestedAt type unchecked', M, '&& data.requestedAt is timestamp', ''],
  [
    'memberships: updatedAt unchecked',
    M,
    '&& data.updatedAt == request.time;\n      }\n\n      function answersRequest',
    ';\n      }\n\n      function answersRequest',
  ],
  [
    'memberships: answer names her store unchecked',
    M,
    'return storeRequest.storeId == incoming().storeId\n          && incoming().requestedAt == storeRequest.requestedAt;',
    'return incoming().requestedAt == storeRequest.requestedAt;',
  ],
  [
    'memberships: answer requestedAt unchecked',
    M,
    'return storeRequest.storeId == incoming().storeId\n          && incoming().requestedAt == storeRequest.requestedAt;',
    'return storeRequest.storeId == incoming().storeId;',
  ],
  [
    "memberships: create 'removed'",
    M,
    "&& incoming().status in ['confirmed', 'declined']\n        && answersRequest();",
    '&& answersRequest();',
  ],
  [
    'memberships: create without answering her request',
    M,
    "&& incoming().status in ['confirmed', 'declined']\n        && answersRequest();",
    "&& incoming().status in ['confirmed', 'declined'];",
  ],
  [
    'memberships: removal may move requestedAt',
    M,
    "(incoming().status == 'removed' && incoming().requestedAt == existing().requestedAt)",
    "(incoming().status == 'removed')",
  ],
  [
    'memberships: update without answering her request',
    M,
    "|| (incoming().status in ['confirmed', 'declined'] && answersRequest()));",
    "|| (incoming().status in ['confirmed', 'declined']));",
  ],
  [
    'memberships: suspension ignored',
    D,
    'allow create: if isSignedIn() && notSuspended()\n        && isAnswer()',
    'allow create: if isSignedIn()\n        && isAnswer()',
  ],

  // ---- blogs and posts: public only while their author is
  ['content: author unchecked', B, '|| (isVisible(data) && isPublicAuthor(data.userId));', '|| isVisible(data);'],
  [
    'content: suspension ignored',
    B,
    "return isPublishedOwner(uid) && !exists(docPath('suspensions', uid));",
    'return isPublishedOwner(uid);',
  ],
  [
    'content: unpublished profile ignored',
    B,
    "return isPublishedOwner(uid) && !exists(docPath('suspensions', uid));",
    "return !exists(docPath('suspensions', uid));",
  ],

  // ---- frozen handles
  ['frozen: verification enum unchecked', F, "&& data.verification in ['self', 'store', 'operator']", ''],
  ['frozen: slot type unchecked', F, '&& data.slot is int\n', '\n'],
  ['frozen: slot >= 0 unchecked', F, '&& data.slot >= 0\n', '\n'],
  ['frozen: slot <= 9 unchecked', F, '&& data.slot <= 9\n', '\n'],
  ['frozen: frozenOn unchecked', F, '&& (data.frozenOn == null || isDateKey(data.frozenOn))', ''],
  ['frozen get: missing doc open to signed out', F, '? isSignedIn()\n        : (isOwner', '? true\n        : (isOwner'],
  [
    'frozen get: published owner check dropped',
    F,
    ': (isOwner(existing().userId) || isPublishedOwner(existing().userId));',
    ': (isSignedIn());',
  ],
  [
    'frozen get: owner branch dropped',
    F,
    ': (isOwner(existing().userId) || isPublishedOwner(existing().userId));',
    ': (isPublishedOwner(existing().userId));',
  ],
  [
    'frozen list: published owner open to all',
    F,
    '|| isPublishedOwner(existing().userId);\n      allow create',
    '|| isSignedIn();\n      allow create',
  ],
  ["frozen create: verification 'self' unchecked", F, "&& incoming().verification == 'self'\n", '\n'],
  [
    'frozen create: profile unchecked',
    F,
    '&& hasProfile(request.auth.uid)\n        && !exists(handleSlotPath',
    '&& !exists(handleSlotPath',
  ],
  ['frozen create: free slot unchecked', F, '&& !exists(handleSlotPath(incoming().slot))', ''],
  ['frozen create: slot doc unchecked', F, '&& getAfter(handleSlotPath(incoming().slot)).data.handleId == id', ''],
  [
    "frozen create: someone's current handle allowed",
    C,
    "&& (!exists(docPath('currentHandles', id))\n          || get(docPath('currentHandles', id)).data.userId == request.auth.uid);\n      allow update",
    ';\n      allow update',
  ],
  [
    'frozen create: suspension ignored',
    D,
    'allow create: if isSignedIn() && notSuspended()\n        && isFrozenAccount(id, incoming())',
    'allow create: if isSignedIn()\n        && isFrozenAccount(id, incoming())',
  ],
  [
    'frozen update: owner branch open to anyone',
    F,
    '((existing().userId == request.auth.uid\n            && incoming().diff',
    '((true\n            && incoming().diff',
  ],
  [
    'frozen update: store may change other keys',
    F,
    "|| (incoming().diff(existing()).affectedKeys().hasOnly(['verification', 'confirmedBy', 'updatedAt'])",
    '|| (true',
  ],
  ['frozen update: store may raise from any level', F, "&& existing().verification == 'self'\n", '\n'],
  ['frozen update: store may set any level', F, "&& incoming().verification == 'store'\n", '\n'],
  [
    'frozen update: store membership unchecked',
    F,
    "&& exists(docPath('storeVerifications', request.auth.uid))\n            && isConfirmedMember(existing().userId, request.auth.uid)));",
    "&& exists(docPath('storeVerifications', request.auth.uid))));",
  ],
  ['frozen update: unverified store may raise', F, "&& exists(docPath('storeVerifications', request.auth.uid))\n", '\n'],
  ['frozen update: confirmedBy may name another store', F, '&& incoming().confirmedBy == request.auth.uid\n', '\n'],
  [
    'frozen: confirmedBy bound to the level dropped',
    F,
    "&& (data.verification == 'store' ? isUid(data.confirmedBy) : data.confirmedBy == null)",
    '&& (data.confirmedBy == null || isUid(data.confirmedBy))',
  ],
  ['storeVerifications: readable by anyone', F, 'allow get: if isOwner(storeId);', 'allow get: if true;'],
  [
    'frozen delete: suspension ignored',
    D,
    'allow delete: if isSignedIn() && notSuspended() && existing().userId == request.auth.uid;',
    'allow delete: if isSignedIn() && existing().userId == request.auth.uid;',
  ],

  // ---- currentHandles
  [
    'currentHandles: keys unchecked',
    C,
    "&& hasExactly(incoming(), ['userId'])\n        && incoming().userId == request.auth.uid\n        && holdsNow()",
    '&& incoming().userId == request.auth.uid\n        && holdsNow()',
  ],
  ['currentHandles: userId unchecked', C, '&& incoming().userId == request.auth.uid\n        && holdsNow()', '&& holdsNow()'],
  [
    'currentHandles: profile link unchecked',
    C,
    '&& incoming().userId == request.auth.uid\n        && holdsNow()',
    '&& incoming().userId == request.auth.uid',
  ],
  [
    "currentHandles: another's former handle allowed",
    C,
    "&& (!exists(docPath('frozenAccounts', id))\n          || get(docPath('frozenAccounts', id)).data.userId == request.auth.uid);",
    ';',
  ],
  ['currentHandles delete: owner unchecked', C, '&& existing().userId == request.auth.uid\n        && !holdsNow();', '&& !holdsNow();'],
  [
    'currentHandles delete: profile unchecked',
    C,
    '&& existing().userId == request.auth.uid\n        && !holdsNow();',
    '&& existing().userId == request.auth.uid;',
  ],
  [
    'currentHandles: suspension ignored',
    D,
    "allow create: if isSignedIn() && notSuspended()\n        && hasExactly(incoming(), ['userId'])",
    "allow create: if isSignedIn()\n        && hasExactly(incoming(), ['userId'])",
  ],

  // ---- slugs
  ['slug claim: releasedAt unchecked', S, '&& incoming().releasedAt == null\n          && isSlug(slug)', '&& isSlug(slug)'],
  [
    'slug claim: profile link unchecked',
    S,
    '&& !isReservedSlug(slug)\n          && pointsAt(incoming().kind);',
    '&& !isReservedSlug(slug);',
  ],
  [
    'slug release: owner unchecked',
    S,
    'return existing().userId == request.auth.uid\n          && existing().releasedAt == null',
    'return existing().releasedAt == null',
  ],
  ['slug release: already released allowed', S, '&& existing().releasedAt == null\n          && hasExactly', '&& hasExactly'],
  [
    'slug release: keys unchecked',
    S,
    "&& hasExactly(incoming(), ['userId', 'kind', 'releasedAt'])\n          && incoming().userId == existing().userId",
    '&& incoming().userId == existing().userId',
  ],
  ['slug release: userId may change', S, '&& incoming().userId == existing().userId\n          && incoming().kind', '&& incoming().kind'],
  ['slug release: kind may change', S, '&& incoming().kind == existing().kind\n', '\n'],
  ['slug release: time unchecked', S, '&& incoming().releasedAt == request.time\n', '\n'],
  [
    'slug release: profile unchecked',
    S,
    '&& (!existsAfter(docPath(profileCollection(existing().kind), request.auth.uid))\n            || !pointsAt(existing().kind))\n',
    '\n',
  ],
  [
    'slug release: gone-profile escape dropped',
    S,
    '&& (!existsAfter(docPath(profileCollection(existing().kind), request.auth.uid))\n            || !pointsAt(existing().kind))\n',
    '&& !pointsAt(existing().kind)\n',
  ],
  [
    'slug release: hold list unchecked',
    S,
    '|| !pointsAt(existing().kind))\n          && listedAfter();',
    '|| !pointsAt(existing().kind));',
  ],
  ['slug delete: in-use slug deleted', S, '&& existing().releasedAt != null\n        && !listedAfter()', '&& !listedAfter()'],
  [
    'slug delete: owner unchecked',
    S,
    'allow delete: if isSignedIn() && notSuspended()\n        && existing().userId == request.auth.uid\n        && existing().releasedAt != null',
    'allow delete: if isSignedIn() && notSuspended()\n        && existing().releasedAt != null',
  ],
  ['slug delete: listed slug deleted', S, '&& !listedAfter()\n', '\n'],
  ['slug delete: tombstone unchecked', S, "&& tombstoned('slugs', slug);", ';'],
  ['slug holds: a third allowed', S, '&& data.slugs.size() <= 2\n', '&& data.slugs.size() <= 3\n'],
  ['slug holds: listed slug unchecked', S, '&& (data.slugs.size() <= 0 || heldAfter(data.slugs[0]))', '&& true'],
  ['slug holds: held slug dropped', S, '&& droppedOnlyWhenFree(existing().slugs, incoming().slugs);', ';'],
  [
    'slug holds: 30-day expiry ignored when dropping',
    S,
    "|| request.time > getAfter(slugAfter(value)).data.releasedAt + duration.value(30, 'd');",
    ';',
  ],
  [
    'slug holds: owner unchecked',
    S,
    'allow create: if isActiveOwner(uid) && isHoldList(incoming());',
    'allow create: if isHoldList(incoming());',
  ],
  ['slug retake: in-use slug retaken', S, 'return existing().releasedAt != null\n', 'return true\n'],
  ['slug retake: 30-day hold dropped', S, "|| request.time > existing().releasedAt + duration.value(30, 'd'))", '|| true)'],
  [
    'slug retake: hold shortened to 0 days',
    S,
    "|| request.time > existing().releasedAt + duration.value(30, 'd'))",
    "|| request.time > existing().releasedAt + duration.value(0, 'd'))",
  ],
  ['slug retake: previous owner refused', S, '&& (existing().userId == request.auth.uid\n            ||', '&& (false\n            ||'],
  [
    'slugs: suspension ignored',
    D,
    'allow update: if isSignedIn() && notSuspended() && (isRelease() || isRetake());',
    'allow update: if isSignedIn() && (isRelease() || isRetake());',
  ],

  // ---- fcmTokens
  ['tokens: slot id unchecked', U, "return slot.matches('^[0-4]$')\n", 'return true\n'],
  ['tokens: slot 5 allowed', U, "slot.matches('^[0-4]$')", "slot.matches('^[0-5]$')"],
  ['tokens: token bound unchecked', U, '&& isText(incoming().token, 1, 4096);', '&& incoming().token is string;'],
  [
    'tokens update: refreshedAt unchecked',
    U,
    '&& incoming().refreshedAt == request.time\n          && (incoming().diff',
    '&& (incoming().diff',
  ],
  ['tokens update: replacement keeps old createdAt', U, '|| incoming().createdAt == request.time);', '|| true);'],
  ['tokens update: shape unchecked', U, 'allow update: if isOwner(uid)\n          && isTokenDoc()', 'allow update: if isOwner(uid)'],

  // ---- handleSlots
  ['handleSlots: slot id unchecked', F, "&& slot.matches('^[0-9]$')", ''],
  ['handleSlots: keys unchecked', F, "&& hasExactly(incoming(), ['handleId'])", ''],
  ['handleSlots: handle owner unchecked', F, '&& handleAfter(incoming().handleId).userId == uid\n', '\n'],
  ['handleSlots: handle slot unchecked', F, '&& handleAfter(incoming().handleId).slot == int(slot);', ';'],
  [
    'handleSlots delete: always allowed',
    F,
    "&& (!existsAfter(docPath('frozenAccounts', existing().handleId))\n            || handleAfter(existing().handleId).userId != uid\n            || handleAfter(existing().handleId).slot != int(slot));",
    ';',
  ],
  [
    'handleSlots delete: gone-handle escape dropped',
    F,
    "(!existsAfter(docPath('frozenAccounts', existing().handleId))\n            ||",
    '(false\n            ||',
  ],
  ['handleSlots delete: transferred escape dropped', F, '|| handleAfter(existing().handleId).userId != uid\n', '\n'],
  ['handleSlots delete: other-slot escape dropped', F, '|| handleAfter(existing().handleId).slot != int(slot));', ');'],

  // ---- schedules
  ['shifts: lower date bound dropped', SH, "return day >= tokyoToday() - duration.value(1, 'd')\n        &&", 'return'],
  ['shifts: upper date bound dropped', SH, "&& day <= tokyoToday() + duration.value(60, 'd');", ';'],
  ['shifts: 61 days ahead', SH, "duration.value(60, 'd')", "duration.value(61, 'd')"],
  ['shifts: two days back', SH, "tokyoToday() - duration.value(1, 'd')", "tokyoToday() - duration.value(2, 'd')"],
  ['shifts: Tokyo offset ignored (UTC days)', SH, "request.time + duration.value(9, 'h')", 'request.time'],
  [
    'shifts: bounded id unchecked',
    SH,
    "&& id in [data.userId + '_' + data.date + '_0', data.userId + '_' + data.date + '_1',\n          data.userId + '_' + data.date + '_2']",
    '',
  ],
  [
    'shifts: 4th slot allowed',
    SH,
    "data.userId + '_' + data.date + '_2']",
    "data.userId + '_' + data.date + '_2', data.userId + '_' + data.date + '_3']",
  ],
  ['shifts: date range unchecked', SH, '&& isShiftDateInRange(data.date)', ''],
  [
    'shifts: suspension ignored',
    D,
    'return isSignedIn()\n        && notSuspended()\n        && exists',
    'return isSignedIn()\n        && exists',
  ],
  ['shifts: therapist account unchecked', SH, "&& exists(docPath('accounts', data.userId))", ''],
  ['shifts: membership unchecked', SH, '&& (data.storeId == null || isConfirmedMember(data.userId, data.storeId))', ''],
  [
    'shifts: writer unchecked',
    SH,
    '&& (request.auth.uid == data.userId || (data.storeId != null && request.auth.uid == data.storeId));',
    ';',
  ],
  [
    'shifts update: previous store check dropped',
    SH,
    '&& (request.auth.uid == existing().userId || request.auth.uid == existing().storeId);',
    ';',
  ],
  [
    'shifts delete: membership unchecked',
    SH,
    '|| (existing().storeId == request.auth.uid\n            && isConfirmedMember(existing().userId, request.auth.uid)));',
    '|| (existing().storeId == request.auth.uid));',
  ],
  [
    'shifts delete: suspension ignored',
    D,
    'allow delete: if isSignedIn() && notSuspended()\n        && (existing().userId == request.auth.uid\n          || (existing().storeId',
    'allow delete: if isSignedIn()\n        && (existing().userId == request.auth.uid\n          || (existing().storeId',
  ],

  // ---- disputes
  ['disputes get: open to anyone signed in', D, "allow get: if isSignedIn() && isOwnSlotId(id, '^[0-2]$');", 'allow get: if isSignedIn();'],
  ['disputes: verified email unchecked', D, '&& request.auth.token.email_verified == true\n        && isOwnSlotId', '&& isOwnSlotId'],
  ['disputes: id unchecked', D, "&& isOwnSlotId(id, '^[0-2]$')\n        && hasProfile", '&& hasProfile'],
  [
    'disputes: 4th slot allowed',
    D,
    "&& isOwnSlotId(id, '^[0-2]$')\n        && hasProfile",
    "&& isOwnSlotId(id, '^[0-3]$')\n        && hasProfile",
  ],
  ['disputes: profile unchecked', D, '&& hasProfile(request.auth.uid)\n        && isDisputeDoc', '&& isDisputeDoc'],
  [
    'disputes: userId unchecked',
    D,
    '&& data.userId == request.auth.uid\n          && data.handleId is string',
    '&& data.handleId is string',
  ],
  ['disputes: handleId pattern unchecked', D, "&& data.handleId.matches('^x_[a-z0-9_]{1,15}$')\n          && data.kind", '&& data.kind'],
  ['disputes: kind unchecked', D, "&& data.kind in ['former', 'current']", ''],
  ['disputes: evidence bounds unchecked', D, '&& isText(data.evidence, 1, 1000)', '&& data.evidence is string'],
  [
    'disputes: createdAt unchecked',
    D,
    '&& data.createdAt == request.time;\n      }\n\n      function heldBySomeoneElse',
    ';\n      }\n\n      function heldBySomeoneElse',
  ],
  ['disputes: own handle disputable', D, '&& get(docPath(collectionName, handleId)).data.userId != request.auth.uid;', ';'],
  [
    'disputes: kind ↔ collection swapped',
    D,
    "incoming().kind == 'former' ? 'frozenAccounts' : 'currentHandles'",
    "incoming().kind == 'former' ? 'currentHandles' : 'frozenAccounts'",
  ],
  [
    'disputes: unheld handle disputable',
    D,
    'return exists(docPath(collectionName, handleId))\n          && get',
    'return !exists(docPath(collectionName, handleId))\n          || get',
  ],
  ['slot id: prefix unchecked', D, '&& id[0:prefix.size()] == prefix\n', '\n'],
  ['slot id: suffix unchecked', D, '&& id[prefix.size():id.size()].matches(pattern);', ';'],

  // ---- reports
  ['reports: id unchecked', D, "&& isOwnSlotId(id, '^([0-9]|1[0-9])$')", ''],
  ['reports: 21st slot allowed', D, "isOwnSlotId(id, '^([0-9]|1[0-9])$')", "isOwnSlotId(id, '^([0-9]|1[0-9]|20)$')"],
  ['reports: keys unchecked', D, "&& hasExactly(incoming(), ['userId', 'targetPath', 'reason', 'text', 'createdAt'])", ''],
  [
    'reports: userId unchecked',
    D,
    '&& incoming().userId == request.auth.uid\n        && incoming().targetPath is string',
    '&& incoming().targetPath is string',
  ],
  [
    'reports: target pattern unchecked',
    D,
    "&& incoming().targetPath.matches('^(accounts|stores|frozenAccounts|blogs|posts)/[A-Za-z0-9_-]{1,128}$')",
    '',
  ],
  ['reports: reason unchecked', D, "&& incoming().reason in ['impersonation', 'spam', 'inappropriate', 'other']", ''],
  ['reports: text bound unchecked', D, '&& isText(incoming().text, 0, 1000)', '&& incoming().text is string'],
  ['reports: createdAt unchecked', D, '&& incoming().createdAt == request.time;\n    }', ';\n    }'],
  [
    'reports: readable by the reporter',
    D,
    'match /reports/{id} {\n',
    "match /reports/{id} {\n      allow get: if isSignedIn() && isOwnSlotId(id, '^([0-9]|1[0-9])$');\n",
  ],
];
