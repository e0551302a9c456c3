import type { MetaDescriptor } from "react-router";
import { NO_FEATURES, type SiteFeatures } from "~/shared/features";

/** What the root loader tells every page's meta about the site. */
export type SiteInfo = { appName: string; publicUrl: string; features: SiteFeatures };

/**
 * The default title's second half. It names AI only where an AI provider
 * writes questions: the product's title with one, the job without.
 */
const TAGLINE = { ai: "AI-Powered Team Meeting Questions Generator", plain: "Team Meeting Questions Generator" };

export type PageSeo = {
  /** Page title without the product name; omit for the site's default title. */
  title?: string;
  description: string;
  /** Path of the canonical URL, such as "/about". */
  path: string;
  /** Keep the page out of search results (sign-in pages, private pages, errors). */
  noindex?: boolean;
  type?: "website" | "article";
  /** Absolute or root-relative preview image (1200x630 PNG); the site's default otherwise. */
  image?: { path: string; alt: string };
  /** schema.org JSON-LD blocks describing the page. */
  structuredData?: Record<string, unknown>[];
};

/** The site's default social preview image, 1200x630. */
export const DEFAULT_PREVIEW_IMAGE = {
  path: "/og-image.png",
  alt: "CircleUp: check-in, energizer and check-out questions for team meetings",
};

type MatchWithData = { id: string; data?: unknown } | undefined;

/** Reads the site info from the root route's loader data among the meta function's matches. */
export function siteFrom(matches: readonly MatchWithData[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.data as Partial<SiteInfo> | undefined;
  return {
    appName: root?.appName ?? "CircleUp",
    publicUrl: root?.publicUrl ?? "",
    features: root?.features ?? NO_FEATURES,
  };
}

export function fullTitle(site: SiteInfo, title?: string): string {
  return title ? `${title} - ${site.appName}` : `${site.appName} - ${site.features.ai ? TAGLINE.ai : TAGLINE.plain}`;
}

/** Title, description, canonical URL, Open Graph, Twitter and robots tags: every page uses this. */
export function seo(matches: readonly MatchWithData[], page: PageSeo): MetaDescriptor[] {
  const site = siteFrom(matches);
  const title = fullTitle(site, page.title);
  const url = absoluteUrl(site, page.path);
  const image = page.image ?? DEFAULT_PREVIEW_IMAGE;
  const imageUrl = image.path.startsWith("http") ? image.path : absoluteUrl(site, image.path);
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
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    ...(page.structuredData ?? []).map((block) => ({ "script:ld+json": block })),
  ];
}

/** The public address of a path on this site. */
export function absoluteUrl(site: SiteInfo, path: string): string {
  return `${site.publicUrl}${path === "/" ? "/" : path}`;
}

/** A BreadcrumbList for a page below the home page: each crumb is [name, path]. */
export function breadcrumbs(site: SiteInfo, crumbs: [name: string, path: string][]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [["Home", "/"] as const, ...crumbs].map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}

/** A FAQPage from question and answer pairs. */
export function faqPage(items: { question: string; answer: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
