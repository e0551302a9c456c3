import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

/**
 * React, React DOM and React Router in one file: every page needs all three
 * before it hydrates, and left to itself the bundler spreads them over three
 * files, which costs every page 1.2 KB more gzip.
 */
/**
 * The preview images' worker thread runs from its own file, which the server
 * bundle cannot inline: the server build copies it to build/server/, where
 * app/domain/sharing/preview-workers.server.ts looks for it.
 */
const previewWorker = {
  name: "preview-worker",
  apply: "build" as const,
  generateBundle(this: { emitFile(file: { type: "asset"; fileName: string; source: string }): string }) {
    const source = fs.readFileSync("app/domain/sharing/preview-worker.mjs", "utf8");
    this.emitFile({ type: "asset", fileName: "preview-worker.mjs", source });
  },
};

/**
 * The installed app: its manifest (colours from the design tokens: brand-700
 * and cream) and its service worker, app/service-worker.ts, which Workbox
 * builds with the list of files to precache. The page registers it itself
 * (app/lib/service-worker.ts): there is no index.html to inject a script into.
 */
const installable = VitePWA({
  strategies: "injectManifest",
  srcDir: "app",
  filename: "service-worker.ts",
  injectRegister: false,
  manifestFilename: "manifest.webmanifest",
  manifest: {
    id: "/",
    name: "CircleUp",
    short_name: "CircleUp",
    description: "Check-in, energizer and check-out questions for team meetings.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#17645b",
    background_color: "#fbf8f3",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // The scripts, the sprite and the offline page; not the .br/.gz copies nor the 170 KB link preview image.
    globPatterns: ["assets/**/*.{js,svg,woff2}", "offline.html", "favicon.svg", "icon-*.png"],
    // The charts (recharts, 100 KB gzip) draw on team and admin pages only, which need a connection anyway.
    globIgnores: ["assets/{CartesianChart,ActivityBars,PulseLine}-*.js"],
  },
});

/**
 * The server bundle holds its dependencies (decision 046): resolving and
 * reading some 3,600 files under node_modules was most of a start's CPU.
 * These stay outside, loaded from node_modules at run time:
 * - PGlite reads its WebAssembly and data files next to its own module;
 * - @resvg/resvg-js is a native addon;
 * - piscina starts its worker threads from its own file;
 * - pg-native is pg's optional native driver, not installed;
 * - node-fetch, for the Bot Framework's connector: its URL parser uses Node's
 *   deprecated `punycode`, which Node only warns about outside node_modules.
 */
const SERVER_EXTERNALS = ["@electric-sql/pglite", "@resvg/resvg-js", "piscina", "pg-native", "node-fetch"];

const framework = { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ };

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server bundle's entry is our Express app, so one build holds the
      // routes and the HTTP layer (security headers, logging, static files).
      { rollupOptions: { input: "./server/app.ts" } }
    : { rolldownOptions: { output: { codeSplitting: { groups: [framework] } } } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Gzip (level 9) and Brotli (quality 11) copies of the browser's files, made
    // once here: the server sends them as they are instead of compressing on
    // every request, and they come out smaller than on-the-fly compression.
    isSsrBuild && previewWorker,
    !isSsrBuild && installable,
    !isSsrBuild && compression({ algorithms: ["gzip", "brotliCompress"], skipIfLargerOrEqual: true }),
  ],
  resolve: { tsconfigPaths: true },
  ssr: isSsrBuild ? { noExternal: true, external: SERVER_EXTERNALS } : undefined,
}));
