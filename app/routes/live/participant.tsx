import { data, redirect } from "react-router";
import { ParticipantScreen } from "~/components/live/ParticipantScreen";
import { RoundMessage } from "~/components/live/RoundMessage";
import { getRoundView } from "~/domain/live/rounds.server";
import { teamRoundName } from "~/domain/teams/meetings.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { say } from "~/shared/errors/english";
import { isJoinCode, LIVE_NAME_MAX, livePaths, normalizeJoinCode } from "~/shared/live";
import type { PageLayout } from "~/shared/navigation";
import { domainPageError } from "~/web/http.server";
import { liveCredentials, readRoundByCode } from "~/web/live.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/participant";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

/** The first view is rendered on the server, so an old phone shows the question before any script runs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeJoinCode(params.code);
  if (!isJoinCode(code)) {
    return data({ view: null, code: params.code, error: say("NOT_A_JOIN_CODE") }, { status: 404 });
  }
  const url = new URL(request.url);
  // Codes typed in lower case or with a space still arrive, at the one address of the round.
  if (code !== params.code) throw redirect(`${livePaths.participant(code)}${url.search}`);
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  // Before joining, the page holds what the join form needs and nothing of the round's questions or answers.
  const outcome = await readRoundByCode(context.clientIp, () =>
    getRoundView(db, code, credentials, "participant", { lobby: true }),
  );
  if (!outcome.ok) {
    if (outcome.error.kind === "rate-limited")
      return data({ view: null, code, error: outcome.error.message }, { status: 429 });
    if (outcome.error.kind !== "not-found") throw domainPageError(outcome.error);
    return data({ view: null, code, error: outcome.error.message }, { status: 404 });
  }
  // A signed-in member of the round's team finds their own name in the form; guests type theirs as always.
  const user = url.searchParams.has("name") ? null : await getUser(request);
  const teamName = user && !outcome.view.anonymous ? await teamRoundName(db, code, user.id) : null;
  const prefillName = (url.searchParams.get("name") ?? teamName ?? undefined)?.slice(0, LIVE_NAME_MAX);
  return { view: outcome.view, code, error: null, prefillName };
}

/** A phone in a meeting: the question and the answer, no site navigation. */
export const handle = { layout: "focused" } satisfies { layout: PageLayout };

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Live round",
    description: "Answer the meeting's question from your phone: the host shows everyone's answers together.",
    path: livePaths.participant(params.code),
    noindex: true,
  });

export default function Participant({ loaderData }: Route.ComponentProps) {
  if (!loaderData.view) {
    return (
      <RoundMessage title="No round with this code" code={loaderData.code}>
        <p>{loaderData.error}</p>
      </RoundMessage>
    );
  }
  return (
    <ParticipantScreen
      key={loaderData.view.code}
      initial={loaderData.view}
      prefillName={"prefillName" in loaderData ? loaderData.prefillName : undefined}
    />
  );
}
