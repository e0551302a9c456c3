import { config } from "~/config.server";
import { teamConnections } from "~/domain/chat/installations.server";
import { questionOfDaySetting } from "~/domain/chat/notices.server";
import { database } from "~/services.server";
import type { ChatPlatformName } from "~/shared/chat";
import { slackChannels } from "./slack.server";

/**
 * What the team's settings page shows of chat: each platform this server is
 * set up for with the team's connection (from one query), Slack's channels
 * to pick from, and the question of the day once a channel is connected.
 */
export async function chatSettingsViews(teamId: string) {
  const settings = config();
  const { db } = await database();
  const connections = await teamConnections(db, teamId);
  const connection = (platform: ChatPlatformName) => connections.find((c) => c.platform === platform) ?? null;
  const slack = connection("slack");
  const discord = connection("discord");
  return {
    slack: {
      available: Boolean(settings.slack),
      connection: settings.slack ? slack : null,
      channels: settings.slack && slack ? ((await slackChannels(teamId)) ?? []) : [],
    },
    discord: {
      available: Boolean(settings.discord),
      connection: settings.discord ? discord : null,
      guildId: settings.discord ? (discord?.workspaceId ?? null) : null,
    },
    teamsChat: { available: Boolean(settings.teams), connection: settings.teams ? connection("teams") : null },
    googleChat: {
      available: Boolean(settings.googleChat),
      connection: settings.googleChat ? connection("google-chat") : null,
    },
    chatNotices: {
      connected: connections.some((c) => c.channel !== null),
      questionOfDayAt: await questionOfDaySetting(db, teamId),
    },
  };
}

/** The settings page's Disconnect buttons: which platform each names, its form and the notice after. */
export const DISCONNECT_INTENTS: Record<string, { platform: ChatPlatformName; form: string; notice: string }> = {
  "slack-disconnect": { platform: "slack", form: "chat", notice: "slack-disconnected" },
  "discord-disconnect": { platform: "discord", form: "discord", notice: "discord-disconnected" },
  "teams-disconnect": { platform: "teams", form: "teams-chat", notice: "teams-disconnected" },
  "google-chat-disconnect": { platform: "google-chat", form: "google-chat", notice: "google-chat-disconnected" },
};
