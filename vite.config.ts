import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so one build holds the
  // routes and the HTTP layer (security headers, logging, static files).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Gzip (level 9) and Brotli (quality 11) copies of the browser's files, made
    // once here: the server sends them as they are instead of compressing on
    // every request, and they come out smaller than on-the-fly compression.
    !isSsrBuild && compression({ algorithms: ["gzip", "brotliCompress"], skipIfLargerOrEqual: true }),
  ],
  resolve: { tsconfigPaths: true },
}));
