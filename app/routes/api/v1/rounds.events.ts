import { getRoundView, roundToFollow } from "~/domain/live/rounds.server";
import { database, liveHub } from "~/services.server";
import { domainProblem } from "~/web/http.server";
import { liveCredentials, requestedRole, roundCodeParam } from "~/web/live.server";
import { lastEventId, roundEventStream } from "~/web/live-stream.server";
import type { Route } from "./+types/rounds.events";

/**
 * GET /api/v1/rounds/{code}/events?as=host|participant: the round's events
 * as Server-Sent Events. A fresh connection starts with a snapshot; one that
 * sends Last-Event-ID gets exactly what it missed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const code = roundCodeParam(params.code);
  const role = requestedRole(request);
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const round = await roundToFollow(db, code, credentials, role);
  if (!round.ok) return domainProblem(round.error);
  // A number the round never reached is no place to resume from: that screen starts afresh.
  const asked = lastEventId(request);
  const after = asked !== null && asked <= round.lastSeq ? asked : null;
  let snapshot = null;
  if (after === null) {
    const result = await getRoundView(db, code, credentials, role);
    if (!result.ok) return domainProblem(result.error);
    snapshot = result.view;
  }
  return roundEventStream(request, {
    hub: await liveHub(),
    roundId: round.roundId,
    role,
    snapshot,
    afterSeq: after ?? 0,
    ended: round.status === "ended",
  });
}
