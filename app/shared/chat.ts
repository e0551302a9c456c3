/** The chat platforms a team can connect; Slack is the one built so far. */
export const CHAT_PLATFORMS = ["slack", "teams", "discord", "google-chat"] as const;
export type ChatPlatformName = (typeof CHAT_PLATFORMS)[number];

/** A team's connected workspace as its settings page shows it: never its token. */
export type ChatConnection = {
  platform: ChatPlatformName;
  workspaceName: string | null;
  channel: { id: string; name: string | null } | null;
};
