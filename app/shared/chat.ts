/** The chat platforms a team can connect. */
export const CHAT_PLATFORMS = ["slack", "teams", "discord", "google-chat"] as const;
export type ChatPlatformName = (typeof CHAT_PLATFORMS)[number];

export const CHAT_PLATFORM_LABELS: Record<ChatPlatformName, string> = {
  slack: "Slack",
  teams: "Microsoft Teams",
  discord: "Discord",
  "google-chat": "Google Chat",
};

/** A team's connected workspace as its settings page shows it: never its token. */
export type ChatConnection = {
  platform: ChatPlatformName;
  /** The platform's id of the workspace (a Slack team, a Discord server, a Teams team, a Google Chat space). */
  workspaceId: string;
  workspaceName: string | null;
  channel: { id: string; name: string | null } | null;
};

/**
 * Where a chat's "Start a round" button leads: the question's page, which
 * then offers the live round first (the host signs in there if need be).
 */
export function startRoundPath(questionId: string): string {
  return `/q/${questionId}?start=round`;
}
