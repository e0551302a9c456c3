import { libraryStats } from "~/domain/questions/stats.server";
import { database } from "~/services.server";

/**
 * GET /api/v1/stats: live library counts, public and cached briefly (they
 * change slowly). A read with no caller, input or refusal: no use case.
 */
export async function loader() {
  const { db } = await database();
  return Response.json(await libraryStats(db), { headers: { "Cache-Control": "public, max-age=60" } });
}
