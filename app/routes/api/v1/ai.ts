import { coded } from "~/shared/errors/codes";
import { ownEntry } from "~/shared/own-entry";
import { apiRouteAt } from "~/web/adapters/api-routes.server";
import { methodNotAllowed, problem } from "~/web/http.server";
import type { Route } from "./+types/ai";

/** One module serves the three paths of Premium's directed AI (`/api/v1/ai/:kind`), each its line in the table. */
const KINDS = {
  candidates: apiRouteAt("/api/v1/ai/candidates"),
  rewrite: apiRouteAt("/api/v1/ai/rewrite"),
  "follow-up": apiRouteAt("/api/v1/ai/follow-up"),
};

/**
 * POST /api/v1/ai/candidates, /api/v1/ai/rewrite, /api/v1/ai/follow-up:
 * a visitor 401; a team id the member is not in 404; over the per-minute
 * limit 429 with Retry-After; a free member 403 (nothing reaches the
 * provider); no provider 503.
 */
export function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  const kind = ownEntry(KINDS, args.params.kind);
  return kind ? kind.action(args) : problem(coded("UNKNOWN_AI_REQUEST"));
}

export function loader() {
  return methodNotAllowed("POST");
}
