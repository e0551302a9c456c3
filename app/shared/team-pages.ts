import { ownEntry } from "./own-entry";

/**
 * What the team pages say after a form was sent and the browser came back
 * (post, redirect, get): the redirect names a notice, the page shows its text.
 */
export const TEAM_NOTICES = {
  left: "You left the team.",
  deleted: "The team and everything in it are deleted.",
  saved: "The team's settings are saved.",
  invited: "The invitation is on its way. It works once, for 7 days.",
  revoked: "The invitation is withdrawn: its link no longer works.",
  role: "The role is changed.",
  removed: "The person is no longer in the team.",
  transferred: "You handed over the team. You are a facilitator now.",
  "slack-connected": "Slack is connected. Pick the channel for the team's rounds.",
  "slack-channel": "Rounds will be posted to this channel.",
  "slack-disconnected": "Slack is disconnected; its token is deleted.",
  "chat-connected": "The channel is connected: the team's rounds will be posted there.",
  "discord-connected": "Discord is connected. Rounds will be posted to the channel you picked there.",
  "discord-disconnected": "Discord is disconnected; its webhook's token is deleted.",
  "teams-disconnected": "Microsoft Teams is disconnected: no more rounds are posted to its channel.",
  "google-chat-disconnected": "Google Chat is disconnected: no more rounds are posted to its space.",
  "question-of-day-on": "The question of the day will be posted on weekdays at the time you chose.",
  "question-of-day-off": "The question of the day is off.",
} as const;

export type TeamNotice = keyof typeof TEAM_NOTICES;

export function teamNotice(value: string | null): string | null {
  return ownEntry<string>(TEAM_NOTICES, value) ?? null;
}

/** A form's outcome on the people page: an error for one form, or a fresh invitation link (shown once). */
export type PeopleActionResult = { form: string; error?: string; inviteLink?: string };
