import { data, redirect } from "react-router";
import { RoomScreen } from "~/components/live/RoomScreen";
import { RoundMessage } from "~/components/live/RoundMessage";
import { getRoundView } from "~/domain/live/rounds.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { say } from "~/shared/errors/english";
import { isJoinCode, livePaths, normalizeJoinCode } from "~/shared/live";
import type { PageLayout } from "~/shared/navigation";
import { domainPageError, statusOf } from "~/web/http.server";
import {
  hostQrSvg,
  joinUrl,
  liveCredentials,
  readRoundByCode,
  roomCookie,
  roomLinkCredentials,
} from "~/web/live.server";
import type { Route } from "./+types/room";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

const NOT_OPEN = say("ROOM_SCREEN_NOT_OPEN");

/**
 * The room's screen: opened from the host's screen in this browser (the
 * host's cookie), or on another device by the room link (`?key=`). The
 * link's key is checked, kept in a cookie of this round and taken out of the
 * address, so the projected address bar shows no secret.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeJoinCode(params.code);
  const refuse = (message: string, status: number) => data({ view: null, code, message }, { status });
  if (!isJoinCode(code)) return refuse(say("NO_ROUND_WITH_CODE"), 404);
  const { db } = await database();
  const key = new URL(request.url).searchParams.get("key");
  if (key !== null) {
    const opened = await readRoundByCode(context.clientIp, () =>
      getRoundView(db, code, roomLinkCredentials(key.slice(0, 100)), "room"),
    );
    if (!opened.ok) return refuse(statusOf(opened.error) === 429 ? opened.error.message : NOT_OPEN, 404);
    throw redirect(livePaths.room(code), {
      headers: { "Set-Cookie": roomCookie(code, key, new Date(opened.view.closesAt)) },
    });
  }
  if (code !== params.code) throw redirect(livePaths.room(code));
  const credentials = await liveCredentials(request, code);
  const outcome = await readRoundByCode(context.clientIp, () => getRoundView(db, code, credentials, "room"));
  if (!outcome.ok) {
    const status = statusOf(outcome.error);
    if (status === 429) return refuse(outcome.error.message, 429);
    if (status === 403 || status === 404) return refuse(NOT_OPEN, status);
    throw domainPageError(outcome.error);
  }
  const link = joinUrl(livePaths.participant(code));
  return {
    view: outcome.view,
    code,
    message: null,
    // What people type: the join page's address without the scheme.
    joinAddress: joinUrl(livePaths.join).replace(/^https?:\/\//, ""),
    qrSvg: await hostQrSvg(link),
  };
}

/** Shown to the whole room: nothing of the site around it, neither header, footer nor banner. */
export const handle = { layout: "room" } satisfies { layout: PageLayout };

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Live round",
    description: "The room's screen of a live round: the question, how to join, and the answers once revealed.",
    path: livePaths.room(params.code),
    noindex: true,
  });

export default function Room({ loaderData }: Route.ComponentProps) {
  if (!loaderData.view) {
    return (
      <RoundMessage title="This room screen cannot open here" code={loaderData.code}>
        <p>{loaderData.message}</p>
      </RoundMessage>
    );
  }
  const { view, joinAddress, qrSvg } = loaderData;
  return <RoomScreen key={view.code} initial={view} joinAddress={joinAddress} qrSvg={qrSvg} />;
}
