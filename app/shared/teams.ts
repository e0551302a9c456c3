/** A team member's role: owners manage people and settings, facilitators run meetings, members answer and read. */
export const TEAM_ROLES = ["owner", "facilitator", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What a person may do in a team; each action on the server names the one it needs. */
export type TeamAbility =
  /** See the team page, its people, series, history, collection and pulse; answer in its rounds. */
  | "view"
  /** Start and host the team's meetings and rounds, mark questions asked, opt in to a series' rotation. */
  | "run-meetings"
  /** The team's collection, its private questions and "not for this team". */
  | "curate"
  /** Create, change and delete series. */
  | "manage-series"
  /** Invite, remove, change roles and transfer ownership. */
  | "manage-people"
  /** Rename the team, change its time zone, delete it. */
  | "manage-settings";

const ABILITIES: Record<TeamRole, readonly TeamAbility[]> = {
  owner: ["view", "run-meetings", "curate", "manage-series", "manage-people", "manage-settings"],
  facilitator: ["view", "run-meetings", "curate", "manage-series"],
  member: ["view"],
};

export function teamRoleCan(role: TeamRole, ability: TeamAbility): boolean {
  return ABILITIES[role].includes(ability);
}

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  facilitator: "Facilitator",
  member: "Member",
};

/** An invitation is used once and expires after this many days. */
export const INVITATION_DAYS = 7;

export const TEAM_NAME_MAX = 80;
