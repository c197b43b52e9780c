/**
 * Everything a page runs for a browser that has signed in here, as one
 * chunk behind SiteNav's script: the account menu (React + Firebase Auth)
 * and the 推し buttons. Signed-out visitors never download it.
 */
export { mountAccountNav } from './mount';
export { loadFavoriteButtons } from '../favorite-button/loader';
