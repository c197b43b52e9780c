/**
 * Link-preview cards (src/lib/seo/card-image.ts): /og/site.png for pages
 * without their own, and /og/p/{slug}.png for each therapist or store
 * page whose profile has no photo (with a photo, the photo is the preview).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadDirectory } from '../../data/directory';
import { cardPng, type CardText } from '../../lib/seo/card-image';
import { SITE_CARD_TEXT, profileCardPath } from '../../lib/seo/cards';
import { storeDisplayName } from '../../lib/store-name';

export const getStaticPaths = (async () => {
  const { therapists, stores, storesById } = await loadDirectory();
  const cards: { card: string; text: CardText }[] = [{ card: 'site', text: SITE_CARD_TEXT }];
  for (const therapist of therapists) {
    if (therapist.photoURL) continue;
    const store = therapist.storeId ? storesById.get(therapist.storeId) : undefined;
    cards.push({
      card: profileCardPath(therapist.profileSlug).replace(/^\/og\/|\.png$/g, ''),
      text: {
        label: 'セラピスト',
        title: therapist.displayName,
        subtitle: [therapist.area, store && storeDisplayName(store)].filter(Boolean).join('・'),
      },
    });
  }
  for (const store of stores) {
    if (store.photoURL) continue;
    cards.push({
      card: profileCardPath(store.profileSlug).replace(/^\/og\/|\.png$/g, ''),
      text: { label: '店舗', title: storeDisplayName(store), subtitle: [store.area, store.nearestStation].filter(Boolean).join('・') },
    });
  }
  return cards.map(({ card, text }) => ({ params: { card }, props: { text } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: CardText }> = async ({ props }) =>
  new Response(new Uint8Array(await cardPng(props.text)), { headers: { 'Content-Type': 'image/png' } });
