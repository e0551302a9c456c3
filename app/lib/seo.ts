import type { MetaDescriptor } from "react-router";

/** What the root loader tells every page's meta about the site. */
export type SiteInfo = { appName: string; publicUrl: string };

export const TAGLINE = "AI-Powered Team Meeting Questions Generator";

export type PageSeo = {
  /** Page title without the product name; omit for the site's default title. */
  title?: string;
  description: string;
  /** Path of the canonical URL, such as "/about". */
  path: string;
  /** Keep the page out of search results (sign-in pages, private pages, errors). */
  noindex?: boolean;
  type?: "website" | "article";
};

type MatchWithData = { id: string; data?: unknown } | undefined;

/** Reads the site info from the root route's loader data among the meta function's matches. */
export function siteFrom(matches: readonly MatchWithData[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.data as Partial<SiteInfo> | undefined;
  return { appName: root?.appName ?? "CircleUp", publicUrl: root?.publicUrl ?? "" };
}

export function fullTitle(site: SiteInfo, title?: string): string {
  return title ? `${title} - ${site.appName}` : `${site.appName} - ${TAGLINE}`;
}

/** Title, description, canonical URL, Open Graph, Twitter and robots tags: every page uses this. */
export function seo(matches: readonly MatchWithData[], page: PageSeo): MetaDescriptor[] {
  const site = siteFrom(matches);
  const title = fullTitle(site, page.title);
  const url = `${site.publicUrl}${page.path === "/" ? "/" : page.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: site.appName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
}
