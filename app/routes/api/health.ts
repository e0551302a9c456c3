import { checkHealth } from "~/domain/health.server";
import { activeGenerator, database } from "~/services.server";

/** GET /api/health: 200 when the database answers, 503 when it does not. Never cached. */
export async function loader() {
  const report = await checkHealth(await database(), activeGenerator());
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
