import { data, redirect } from "react-router";
import { HostScreen } from "~/components/live/HostScreen";
import { RoundMessage } from "~/components/live/RoundMessage";
import { config } from "~/config.server";
import { getRoundView, roomKeyForHost } from "~/domain/live/rounds.server";
import { seo } from "~/lib/seo";
import { appSecret, database } from "~/services.server";
import { say } from "~/shared/errors/english";
import { isJoinCode, isLoopbackUrl, livePaths, normalizeJoinCode, spacedCode } from "~/shared/live";
import type { PageLayout } from "~/shared/navigation";
import { domainPageError, statusOf } from "~/web/http.server";
import { joinUrl, liveCredentials, readRoundByCode } from "~/web/live.server";
import type { Route } from "./+types/host";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

type Refusal = { view: null; code: string; reason: "not-host" | "not-found"; message: string };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeJoinCode(params.code);
  const refuse = (reason: Refusal["reason"], message: string, status: number) =>
    data<Refusal>({ view: null, code, reason, message }, { status });
  if (!isJoinCode(code)) return refuse("not-found", say("NO_ROUND_WITH_CODE"), 404);
  if (code !== params.code) throw redirect(livePaths.host(code));
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const outcome = await readRoundByCode(context.clientIp, () => getRoundView(db, code, credentials, "host"));
  if (!outcome.ok) {
    const status = statusOf(outcome.error);
    if (status === 429) return refuse("not-found", outcome.error.message, 429);
    if (status === 403) return refuse("not-host", outcome.error.message, 403);
    if (status === 404) return refuse("not-found", outcome.error.message, 404);
    throw domainPageError(outcome.error);
  }
  const link = joinUrl(livePaths.participant(code));
  const siteUrl = config().publicUrl.replace(/\/+$/, "");
  const room = await roomKeyForHost(db, code, credentials, appSecret());
  if (!room.ok) throw domainPageError(room.error);
  return {
    view: outcome.view,
    joinUrl: link,
    // What people type: the join page's address without the scheme.
    joinAddress: joinUrl(livePaths.join).replace(/^https?:\/\//, ""),
    roomUrl: joinUrl(`${livePaths.room(code)}?key=${encodeURIComponent(room.roomKey)}`),
    siteUrl,
    // Without PUBLIC_URL the address is this machine's own, which no phone in the room can open.
    joinIsLoopback: isLoopbackUrl(link),
  };
}

/** The host's own screen, on a laptop or a phone: the logo alone above it, no footer or cookie banner. */
export const handle = { layout: "focused" } satisfies { layout: PageLayout };

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Host a live round",
    description:
      "The host's screen of a live round: reveal, move on, moderate and end, with the room's screen in step.",
    path: livePaths.host(params.code),
    noindex: true,
  });

export default function Host({ loaderData }: Route.ComponentProps) {
  if (!loaderData.view) {
    const { code, reason, message } = loaderData;
    return reason === "not-host" ? (
      <RoundMessage title="Only the host can open this screen" code={code} joinDirect>
        <p>
          This is the host's screen of round {spacedCode(code)}. To take part, join the round on your own device: you
          will see the question there and can answer it.
        </p>
      </RoundMessage>
    ) : (
      <RoundMessage title="No round with this code" code={code}>
        <p>{message}</p>
      </RoundMessage>
    );
  }
  const { view, joinUrl: link, joinAddress, roomUrl, siteUrl, joinIsLoopback } = loaderData;
  return (
    <HostScreen
      key={view.code}
      initial={view}
      joinUrl={link}
      joinAddress={joinAddress}
      roomUrl={roomUrl}
      siteUrl={siteUrl}
      joinIsLoopback={joinIsLoopback}
    />
  );
}
