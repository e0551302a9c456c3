import { config } from "~/config.server";
import { robotsTxt } from "~/domain/content/sitemap.server";

export function loader() {
  return new Response(robotsTxt(config().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
