import { clientHasVersion } from "~/web/http.server";
import { openApiDocumentJson } from "~/web/openapi.server";
import type { Route } from "./+types/openapi";

/** GET /api/openapi.json: the API's description, the same for everyone, so caches may keep it a while. */
export function loader({ request }: Route.LoaderArgs) {
  const { body, etag } = openApiDocumentJson();
  const headers = { "Cache-Control": "public, max-age=300", ETag: etag };
  if (clientHasVersion(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}
