import { config } from "~/config.server";
import { sitemapXml } from "~/domain/content/sitemap.server";

export function loader() {
  return new Response(sitemapXml(config().publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
