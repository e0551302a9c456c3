import { z } from "zod";

/**
 * The schema.org types CircleUp publishes as JSON-LD, with the properties
 * search engines need for each (Google's structured data documentation).
 * Strict objects: a misspelt property fails instead of being ignored.
 */
const url = z.url();
const context = z.literal("https://schema.org");
const organization = z.strictObject({ "@type": z.literal("Organization"), name: z.string().min(1), url });

const schemas = {
  WebApplication: z.strictObject({
    "@context": context,
    "@type": z.literal("WebApplication"),
    name: z.string().min(1),
    url,
    description: z.string().min(50),
    applicationCategory: z.string().min(1),
    operatingSystem: z.string().min(1),
    isAccessibleForFree: z.literal(true),
    offers: z.strictObject({ "@type": z.literal("Offer"), price: z.literal("0"), priceCurrency: z.string().length(3) }),
    featureList: z.array(z.string().min(3)).min(3),
    audience: z.strictObject({ "@type": z.literal("Audience"), audienceType: z.string().min(1) }),
  }),
  FAQPage: z.strictObject({
    "@context": context,
    "@type": z.literal("FAQPage"),
    mainEntity: z
      .array(
        z.strictObject({
          "@type": z.literal("Question"),
          name: z.string().min(5),
          acceptedAnswer: z.strictObject({ "@type": z.literal("Answer"), text: z.string().min(10) }),
        }),
      )
      .min(1),
  }),
  CollectionPage: z.strictObject({
    "@context": context,
    "@type": z.literal("CollectionPage"),
    name: z.string().min(1),
    description: z.string().min(10),
    url,
    mainEntity: z.strictObject({ "@type": z.literal("ItemList"), numberOfItems: z.number().int().min(0) }),
  }),
  Article: z.strictObject({
    "@context": context,
    "@type": z.literal("Article"),
    headline: z.string().min(1).max(110),
    description: z.string().min(10),
    datePublished: z.iso.date(),
    dateModified: z.iso.date(),
    mainEntityOfPage: url,
    url,
    image: url,
    author: organization,
    publisher: organization,
  }),
  BreadcrumbList: z.strictObject({
    "@context": context,
    "@type": z.literal("BreadcrumbList"),
    itemListElement: z
      .array(
        z.strictObject({
          "@type": z.literal("ListItem"),
          position: z.number().int().min(1),
          name: z.string().min(1),
          item: url,
        }),
      )
      .min(2),
  }),
};

export type SchemaOrgType = keyof typeof schemas;

/** Validates one JSON-LD block; returns its type, or throws naming what is wrong. */
export function validateJsonLd(block: unknown): SchemaOrgType {
  const type = (block as { "@type"?: string })?.["@type"];
  if (!type || !(type in schemas)) throw new Error(`Unexpected JSON-LD type ${String(type)}`);
  schemas[type as SchemaOrgType].parse(block);
  if (type === "BreadcrumbList") {
    const positions = (block as { itemListElement: { position: number }[] }).itemListElement.map((i) => i.position);
    if (positions.some((p, i) => p !== i + 1)) throw new Error("Breadcrumb positions must count 1, 2, 3...");
  }
  return type as SchemaOrgType;
}

/** Every JSON-LD block of a page's HTML, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "null"),
  );
}
