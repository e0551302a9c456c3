import { CATEGORY_SLUGS } from "~/shared/categories";
import { listArticles } from "./articles.server";

/** Pages search engines should find, in the order a visitor would meet them. */
const STATIC_PATHS = [
  "/",
  ...CATEGORY_SLUGS.map((slug) => `/${slug}`),
  "/questions",
  "/articles",
  "/plan",
  "/how-to",
  "/about",
  "/contact",
  "/support",
  "/pricing",
  "/privacy-policy",
  "/terms-of-service",
];

/** Private or per-user paths robots.txt keeps crawlers out of. */
export const PRIVATE_PATHS = ["/profile", "/saved-questions", "/teams", "/admin", "/api/", "/auth/", "/sign-out"];

export type SitemapEntry = { path: string; lastModified?: string };

export function sitemapEntries(): SitemapEntry[] {
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...listArticles().map((a) => ({ path: `/articles/${a.slug}`, lastModified: a.updated })),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapXml(publicUrl: string): string {
  const urls = sitemapEntries().map(
    (entry) =>
      `  <url><loc>${escapeXml(publicUrl + entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
