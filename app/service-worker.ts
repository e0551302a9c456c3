/// <reference lib="webworker" />
/**
 * The installed app's service worker, built by vite-plugin-pwa (Workbox):
 * the hashed scripts and the app's icons are precached; the generator's pages
 * (home and categories) and the offline slice of the library are kept as last
 * fetched, so Generate works without a connection. Everything else goes to
 * the network as it would without a service worker.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { CATEGORY_SLUGS } from "./shared/categories";
import { OFFLINE_LIBRARY_PATH } from "./shared/offline-library";

declare let self: ServiceWorkerGlobalScope;

/** Where a page the network cannot give and no cache holds is answered from. */
const OFFLINE_PAGE = "/offline.html";
const PAGES = "generator-pages";
const LIBRARY = "offline-library";

// Only the generator's pages are kept: other pages hold a member's own data,
// which should not outlive the session in a cache (a shared computer, a sign-out).
const GENERATOR_PATHS = new Set(["/", ...CATEGORY_SLUGS.map((slug) => `/${slug}`)]);

self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The generator's pages and the slice are there from the first visit on, not only once each was opened.
self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(PAGES).then((cache) => cache.addAll([...GENERATOR_PATHS])),
      caches.open(LIBRARY).then((cache) => cache.add(OFFLINE_LIBRARY_PATH)),
    ]),
  );
});

/** The page a request is for: React Router asks for "/_root.data" and "/remote-teams.data" on client-side moves. */
const pageOf = (pathname: string) => pathname.replace(/(\/_root)?\.data$/, "").replace(/(.)\/$/, "$1") || "/";
registerRoute(({ url }) => GENERATOR_PATHS.has(pageOf(url.pathname)), new NetworkFirst({ cacheName: PAGES }));
// React Router learns a link's route when the link shows: offline, the routes it learnt online still answer.
registerRoute(({ url }) => url.pathname === "/__manifest", new NetworkFirst({ cacheName: PAGES }));
registerRoute(({ url }) => url.pathname === OFFLINE_LIBRARY_PATH, new StaleWhileRevalidate({ cacheName: LIBRARY }));

// Any other page, offline: a short page of our own that leads back to the generator.
registerRoute(
  ({ request }) => request.mode === "navigate",
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);
