/**
 * Dispatched on `document` by entry.client just before React takes over the
 * page's events; the loader in AppScripts stops remembering early clicks then.
 */
export const HYDRATING_EVENT = "circleup:hydrating";
