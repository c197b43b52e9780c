/**
 * PUBLIC_ANALYTICS_ENDPOINT, read at build time: where page views and
 * web-vitals go. Unset (the local demo), the layout renders no analytics
 * script and the CSP allows no extra origin.
 */
export const analyticsEndpoint: string = import.meta.env.PUBLIC_ANALYTICS_ENDPOINT ?? '';
