import { offlineLibrary } from "~/domain/questions/offline-library.server";
import { database } from "~/services.server";
import { packOfflineLibrary } from "~/shared/offline-library";
import type { Route } from "./+types/offline-library";

/**
 * GET /api/v1/offline-library: the slice of the library the installed app
 * keeps, so Generate still works without a connection. Public, the same for
 * everyone; its ETag is its version, so the service worker's revalidation
 * costs a 304 until the library changes. A read with no caller or refusal:
 * no use case.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await database();
  const library = await offlineLibrary(db);
  const headers = { ETag: `"${library.version}"`, "Cache-Control": "public, no-cache" };
  if (request.headers.get("If-None-Match") === headers.ETag) return new Response(null, { status: 304, headers });
  return Response.json(packOfflineLibrary(library), { headers });
}
