import { data, redirect } from "react-router";
import { ChatConnectPage } from "~/components/teams/ChatConnectPage";
import { openConnectLink } from "~/domain/chat/connect-links.server";
import { listTeamsOf } from "~/domain/teams/teams.server";
import { seo } from "~/lib/seo";
import { chatSeal, database } from "~/services.server";
import { teamRoleCan } from "~/shared/teams";
import { connectChatPlace } from "~/use-cases/chat/chat.server";
import { formError, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/connect";

// The address carries the sealed place: no cache, history copy or proxy keeps it.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const opened = openConnectLink(chatSeal(), new URL(request.url).searchParams.get("link") ?? "");
  if (!opened.ok) return data({ place: null, teams: [], message: opened.error.message }, { status: 400 });
  const { platform, workspaceName, channelName } = opened.place;
  const teams = (await listTeamsOf((await database()).db, user.id))
    .filter((team) => teamRoleCan(team.role, "manage-settings"))
    .map((team) => ({ id: team.teamId, name: team.name }));
  return { place: { platform, workspaceName, channelName }, teams, message: null };
}

export async function action(args: Route.ActionArgs) {
  const link = new URL(args.request.url).searchParams.get("link") ?? "";
  const teamId = String(formBody(args.context).get("teamId") ?? "");
  const connected = await runForPage(connectChatPlace, args, { teamId, link }, teamId);
  if (!connected.ok) return formError(connected);
  throw redirect(`/teams/${teamId}/settings?notice=chat-connected#chat`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Connect a channel",
    description: "Connect a chat channel to a CircleUp team.",
    path: "/chat/connect",
    noindex: true,
  });

export default function Connect({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatConnectPage {...loaderData} error={actionData?.error ?? null} />;
}
