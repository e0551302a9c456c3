import { DomainError } from "~/domain/errors";
import { getRoundView, roundToFollow } from "~/domain/live/rounds.server";
import { database, liveHub } from "~/services.server";
import { domainProblem } from "~/web/http.server";
import { addressOf } from "~/web/limits.server";
import { liveCredentials, readRoundByCode, requestedRole, roundCodeParam } from "~/web/live.server";
import { lastEventId, roundEventStream } from "~/web/live-stream.server";
import type { Route } from "./+types/rounds.events";

/** How long a client whose network holds too many streams waits before trying again. */
const STREAMS_RETRY_SECONDS = 30;

/**
 * Hand-written, not a use case: the answer is a stream that stays open, fed
 * by this server's round hub, not one JSON answer. It reads the round from a
 * seat within the same reach as the use cases (readRoundByCode).
 *
 * GET /api/v1/rounds/{code}/events?as=host|participant: the round's events
 * as Server-Sent Events, from a seat in it only. A participant's stream
 * starts with a snapshot every time (one seat, one stream: a newer one ends
 * this); the host's resumes from Last-Event-ID with exactly what it missed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = roundCodeParam(params.code);
  const role = requestedRole(request);
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const round = await readRoundByCode(context.clientIp, () => roundToFollow(db, code, credentials, role));
  if (!round.ok) return domainProblem(round.error);
  const hub = await liveHub();
  const address = addressOf(context.clientIp);
  if (!hub.hasRoomFor(address)) {
    const crowded = { code: "TOO_MANY_STREAMS", params: {} } as const;
    return domainProblem(new DomainError(crowded, { retryable: true, retryAfterSeconds: STREAMS_RETRY_SECONDS }));
  }
  // A number the round never reached is no place to resume from: that screen starts afresh.
  const asked = role === "host" ? lastEventId(request) : null;
  const after = asked !== null && asked <= round.lastSeq ? asked : null;
  let snapshot = null;
  if (after === null) {
    const result = await getRoundView(db, code, credentials, role);
    if (!result.ok) return domainProblem(result.error);
    snapshot = result.view;
  }
  return roundEventStream(request, {
    hub,
    roundId: round.roundId,
    role,
    participantId: round.participantId,
    address,
    snapshot,
    afterSeq: after ?? 0,
    ended: round.status === "ended",
  });
}
