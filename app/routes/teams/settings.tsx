import { data, redirect } from "react-router";
import { TeamSettingsPage } from "~/components/teams/TeamSettingsPage";
import { listTokens } from "~/domain/accounts/api-tokens.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { ownEntry } from "~/shared/own-entry";
import { teamNotice } from "~/shared/team-pages";
import { timeZoneChoices } from "~/shared/team-schemas";
import { createTeamToken, revokeTeamToken } from "~/use-cases/accounts/api-tokens.server";
import { chooseChatChannel, disconnectChat, setChatQuestionOfDay } from "~/use-cases/chat/chat.server";
import { changeTeamSettings, deleteWholeTeam } from "~/use-cases/teams/teams.server";
import { type FormFailure, formRefusal, runForPage } from "~/web/adapters/page.server";
import { startDiscordInstall } from "~/web/chat/discord.server";
import { chatSettingsViews, DISCONNECT_INTENTS } from "~/web/chat/settings-views.server";
import { slackChannels, startSlackInstall } from "~/web/chat/slack.server";
import { formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/settings";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-settings");
  return {
    team: { id: access.teamId, name: access.teamName, timeZone: access.timeZone, role: access.role },
    timeZones: timeZoneChoices(),
    notice: teamNotice(new URL(request.url).searchParams.get("notice")),
    tokens: await listTokens((await database()).db, { teamId: access.teamId }),
    ...(await chatSettingsViews(access.teamId)),
  };
}

export async function action(args: Route.ActionArgs) {
  const teamId = args.params.teamId;
  const fields = Object.fromEntries(formBody(args.context));
  const form = { ...fields, teamId };
  const fail = (name: string, failed: Pick<FormFailure, "message" | "status">) =>
    data({ form: name, error: failed.message }, { status: failed.status });
  if (fields.intent === "delete") {
    const deleted = await runForPage(deleteWholeTeam, args, form, teamId);
    if (!deleted.ok) return fail("delete", deleted);
    throw redirect("/teams?notice=deleted");
  }
  if (fields.intent === "token-create") {
    const made = await runForPage(createTeamToken, args, form, teamId);
    if (!made.ok) return fail("tokens", made);
    return { form: "tokens", created: { name: made.value.listing.name, token: made.value.token } };
  }
  if (fields.intent === "token-revoke") {
    const revoked = await runForPage(revokeTeamToken, args, form, teamId);
    if (!revoked.ok) return fail("tokens", revoked);
    return { form: "tokens", success: "The token is revoked." };
  }
  if (fields.intent === "slack-connect") {
    const access = await requireTeamPage(args.request, teamId, "manage-settings");
    const started = await startSlackInstall(access.teamId, access.userId);
    if (!started) return fail("chat", formRefusal("UNKNOWN_ACTION"));
    throw redirect(started.url, { headers: { "Set-Cookie": started.cookie } });
  }
  if (fields.intent === "slack-channel") {
    await requireTeamPage(args.request, teamId, "manage-settings");
    const channel = (await slackChannels(teamId ?? ""))?.find((c) => c.id === fields.channelId);
    if (!channel) return fail("chat", formRefusal("CHAT_CHANNEL_UNKNOWN"));
    const chosen = await runForPage(
      chooseChatChannel,
      args,
      { teamId, platform: "slack", channelId: channel.id, channelName: channel.name },
      teamId,
    );
    if (!chosen.ok) return fail("chat", chosen);
    throw redirect(`/teams/${teamId}/settings?notice=slack-channel#chat`);
  }
  const disconnect = ownEntry(DISCONNECT_INTENTS, String(fields.intent ?? ""));
  if (disconnect) {
    const gone = await runForPage(disconnectChat, args, { teamId, platform: disconnect.platform }, teamId);
    if (!gone.ok) return fail(disconnect.form, gone);
    throw redirect(`/teams/${teamId}/settings?notice=${disconnect.notice}`);
  }
  if (fields.intent === "discord-connect") {
    const access = await requireTeamPage(args.request, teamId, "manage-settings");
    const started = startDiscordInstall(access.teamId, access.userId);
    if (!started) return fail("discord", formRefusal("UNKNOWN_ACTION"));
    throw redirect(started.url, { headers: { "Set-Cookie": started.cookie } });
  }
  if (fields.intent === "question-of-day") {
    const input = { teamId, enabled: fields.enabled === "on", time: fields.time };
    const saved = await runForPage(setChatQuestionOfDay, args, input, teamId);
    if (!saved.ok) return fail("question-of-day", saved);
    const notice = saved.value.next ? "question-of-day-on" : "question-of-day-off";
    throw redirect(`/teams/${teamId}/settings?notice=${notice}#question-of-day`);
  }
  if (fields.intent !== "save") {
    await requireTeamPage(args.request, teamId, "manage-settings");
    return fail("settings", formRefusal("UNKNOWN_ACTION"));
  }
  const saved = await runForPage(changeTeamSettings, args, form, teamId);
  if (!saved.ok) return fail("settings", saved);
  throw redirect(`/teams/${teamId}/settings?notice=saved`);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  seo(matches, {
    title: loaderData ? `Settings of ${loaderData.team.name}` : "Team settings",
    description: "The team's name, time zone, and deleting the team.",
    path: `/teams/${params.teamId}/settings`,
    noindex: true,
  });

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamSettingsPage {...loaderData} result={actionData} />;
}
