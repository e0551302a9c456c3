import { API_REFERENCE_SCRIPT_NAME, apiReferenceScript } from "~/web/api-reference.server";
import { clientHasVersion, notFoundPage } from "~/web/http.server";
import type { Route } from "./+types/docs.script";

/** The reference's script (Scalar's standalone bundle) from our own origin, under an address that names its version. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (params.script !== API_REFERENCE_SCRIPT_NAME) throw notFoundPage();
  const { body, etag } = await apiReferenceScript();
  const headers = { "Cache-Control": "public, max-age=31536000, immutable", ETag: etag };
  if (clientHasVersion(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), {
    headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8" },
  });
}
