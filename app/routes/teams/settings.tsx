import { data, redirect } from "react-router";
import { TeamSettingsPage } from "~/components/teams/TeamSettingsPage";
import { config } from "~/config.server";
import { listTokens } from "~/domain/accounts/api-tokens.server";
import { hasChatChannel, teamConnections, teamInstallation } from "~/domain/chat/installations.server";
import { questionOfDaySetting } from "~/domain/chat/notices.server";
import { seo } from "~/lib/seo";
import { chatSeal, database } from "~/services.server";
import { teamNotice } from "~/shared/team-pages";
import { timeZoneChoices } from "~/shared/team-schemas";
import { createTeamToken, revokeTeamToken } from "~/use-cases/accounts/api-tokens.server";
import { chooseChatChannel, disconnectChat, setChatQuestionOfDay } from "~/use-cases/chat/chat.server";
import { changeTeamSettings, deleteWholeTeam } from "~/use-cases/teams/teams.server";
import { type FormFailure, formRefusal, runForPage } from "~/web/adapters/page.server";
import { startDiscordInstall } from "~/web/chat/discord.server";
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
    slack: await slackView(access.teamId),
    discord: await discordView(access.teamId),
    teamsChat: await teamsChatView(access.teamId),
    googleChat: await googleChatView(access.teamId),
    chatNotices: await chatNoticesView(access.teamId),
  };
}

async function discordView(teamId: string) {
  if (!config().discord) return { available: false, connection: null, guildId: null };
  const { db } = await database();
  const connection = (await teamConnections(db, teamId)).find((c) => c.platform === "discord");
  const installation = connection ? await teamInstallation(db, chatSeal(), teamId, "discord") : null;
  return { available: true, connection: connection ?? null, guildId: installation?.workspaceId ?? null };
}

async function teamsChatView(teamId: string) {
  if (!config().teams) return { available: false, connection: null };
  const connection = (await teamConnections((await database()).db, teamId)).find((c) => c.platform === "teams");
  return { available: true, connection: connection ?? null };
}

async function googleChatView(teamId: string) {
  if (!config().googleChat) return { available: false, connection: null };
  const connections = await teamConnections((await database()).db, teamId);
  return { available: true, connection: connections.find((c) => c.platform === "google-chat") ?? null };
}

async function chatNoticesView(teamId: string) {
  const { db } = await database();
  return { connected: await hasChatChannel(db, teamId), questionOfDayAt: await questionOfDaySetting(db, teamId) };
}

async function slackView(teamId: string) {
  if (!config().slack) return { available: false, connection: null, channels: [] };
  const connection = (await teamConnections((await database()).db, teamId)).find((c) => c.platform === "slack");
  return {
    available: true,
    connection: connection ?? null,
    channels: connection ? ((await slackChannels(teamId)) ?? []) : [],
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
  if (fields.intent === "slack-disconnect") {
    const gone = await runForPage(disconnectChat, args, { teamId, platform: "slack" }, teamId);
    if (!gone.ok) return fail("chat", gone);
    throw redirect(`/teams/${teamId}/settings?notice=slack-disconnected`);
  }
  if (fields.intent === "discord-connect") {
    const access = await requireTeamPage(args.request, teamId, "manage-settings");
    const started = startDiscordInstall(access.teamId, access.userId);
    if (!started) return fail("discord", formRefusal("UNKNOWN_ACTION"));
    throw redirect(started.url, { headers: { "Set-Cookie": started.cookie } });
  }
  if (fields.intent === "discord-disconnect") {
    const gone = await runForPage(disconnectChat, args, { teamId, platform: "discord" }, teamId);
    if (!gone.ok) return fail("discord", gone);
    throw redirect(`/teams/${teamId}/settings?notice=discord-disconnected`);
  }
  if (fields.intent === "teams-disconnect") {
    const gone = await runForPage(disconnectChat, args, { teamId, platform: "teams" }, teamId);
    if (!gone.ok) return fail("teams-chat", gone);
    throw redirect(`/teams/${teamId}/settings?notice=teams-disconnected`);
  }
  if (fields.intent === "google-chat-disconnect") {
    const gone = await runForPage(disconnectChat, args, { teamId, platform: "google-chat" }, teamId);
    if (!gone.ok) return fail("google-chat", gone);
    throw redirect(`/teams/${teamId}/settings?notice=google-chat-disconnected`);
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
