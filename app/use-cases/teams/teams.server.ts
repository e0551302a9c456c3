import { z } from "zod";
import { scheduleQuestionOfDay } from "~/domain/chat/notices.server";
import { LIMITS } from "~/domain/limits/rules";
import {
  acceptInvitation,
  createLinkInvitation,
  invitationPath,
  inviteByEmail,
  revokeInvitation,
} from "~/domain/teams/invitations.server";
import { changeRole, leaveTeam, removeMember, transferOwnership } from "~/domain/teams/people.server";
import { createTeam, deleteTeam, updateTeamSettings } from "~/domain/teams/teams.server";
import {
  deleteTeamSchema,
  emailInvitationSchema,
  invitationIdSchema,
  linkInvitationSchema,
  memberSchema,
  roleChangeSchema,
  teamSettingsSchema,
} from "~/shared/team-schemas";
import { memberOf } from "../actors";
import { teamIdParam } from "../params";
import { defineUseCase, done } from "../use-case";
import { inTeam, teamOf } from "./scope";

const ok = z.object({ done: z.literal(true) });
const finished = () => done({ done: true as const });

export const createNewTeam = defineUseCase({
  name: "teams.create",
  summary: "Creates a team with its name and time zone; the member who creates it owns it.",
  input: teamSettingsSchema,
  output: z.object({ teamId: z.uuid() }),
  actors: ["member"],
  limit: { rule: LIMITS.teams },
  errors: [],
  async run({ db }, actor, settings) {
    const created = await createTeam(db, { userId: memberOf(actor).id, ...settings });
    return created.ok ? done({ teamId: created.teamId }) : created;
  },
});

export const changeTeamSettings = defineUseCase({
  name: "teams.change-settings",
  summary: "Renames the team or changes its time zone.",
  input: z.object({ teamId: teamIdParam, ...teamSettingsSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: [],
  async run({ db, jobs }, _actor, { name, timeZone }, scope) {
    const saved = await updateTeamSettings(db, teamOf(scope), { name, timeZone });
    // The question of the day keeps its time on the team's new clock.
    if (saved.ok) await scheduleQuestionOfDay(db, jobs, teamOf(scope).teamId);
    return saved.ok ? finished() : saved;
  },
});

export const deleteWholeTeam = defineUseCase({
  name: "teams.delete",
  summary: "Deletes the team and everything of it; the owner confirms by typing the team's name.",
  input: z.object({ teamId: teamIdParam, ...deleteTeamSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: ["TEAM_NAME_MISMATCH"],
  async run({ db }, _actor, { confirmName }, scope) {
    const deleted = await deleteTeam(db, teamOf(scope), confirmName);
    return deleted.ok ? finished() : deleted;
  },
});

/** The token is the credential and only its hash is stored: the link is in this answer, and nowhere else. */
export const inviteByLink = defineUseCase({
  name: "teams.invite-by-link",
  summary: "A link anyone signed in may use once to join the team, with the role given; shown once.",
  input: z.object({ teamId: teamIdParam, ...linkInvitationSchema.shape }),
  output: z.object({ inviteLink: z.url() }),
  actors: ["member"],
  team: inTeam("manage-people"),
  limit: { rule: LIMITS.invitations },
  errors: [],
  async run({ db, settings }, _actor, { role }, scope) {
    const created = await createLinkInvitation(db, teamOf(scope), role);
    return created.ok ? done({ inviteLink: `${settings.publicUrl}${invitationPath(created.token)}` }) : created;
  },
});

export const inviteByMail = defineUseCase({
  name: "teams.invite-by-email",
  summary: "Mails an invitation that only that verified address can accept.",
  input: z.object({ teamId: teamIdParam, ...emailInvitationSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-people"),
  limit: { rule: LIMITS.invitations },
  errors: ["ALREADY_IN_TEAM"],
  async run({ db, settings, sendEmail }, actor, { email, role }, scope) {
    const { appName, publicUrl } = settings;
    const mailer = { appName, publicUrl, inviterName: memberOf(actor).name, send: sendEmail };
    const invited = await inviteByEmail(db, teamOf(scope), { email, role }, mailer);
    return invited.ok ? finished() : invited;
  },
});

export const withdrawInvitation = defineUseCase({
  name: "teams.revoke-invitation",
  summary: "Withdraws an open invitation: its link stops working at once.",
  input: z.object({ teamId: teamIdParam, ...invitationIdSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-people"),
  errors: ["INVITATION_GONE"],
  async run({ db }, _actor, { invitationId }, scope) {
    const revoked = await revokeInvitation(db, teamOf(scope), invitationId);
    return revoked.ok ? finished() : revoked;
  },
});

export const changeMemberRole = defineUseCase({
  name: "teams.change-role",
  summary: "Makes a member a facilitator or a facilitator a member; the owner's role changes only by handing over.",
  input: z.object({ teamId: teamIdParam, ...roleChangeSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-people"),
  errors: ["OWNER_ROLE_FIXED", "NOT_A_MEMBER"],
  async run({ db }, _actor, { userId, role }, scope) {
    const changed = await changeRole(db, teamOf(scope), userId, role);
    return changed.ok ? finished() : changed;
  },
});

export const removeTeamMember = defineUseCase({
  name: "teams.remove-member",
  summary: "Takes someone out of the team and every rotation of its series; the owner cannot be removed.",
  input: z.object({ teamId: teamIdParam, ...memberSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-people"),
  errors: ["OWNER_CANNOT_BE_REMOVED", "NOT_A_MEMBER"],
  async run({ db }, _actor, { userId }, scope) {
    const removed = await removeMember(db, teamOf(scope), userId);
    return removed.ok ? finished() : removed;
  },
});

export const handOverTeam = defineUseCase({
  name: "teams.transfer-ownership",
  summary: "Hands the team to another member: the owner becomes a facilitator.",
  input: z.object({ teamId: teamIdParam, ...memberSchema.shape }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-people"),
  errors: ["ALREADY_OWNER", "NOT_A_MEMBER", "NO_LONGER_OWNER"],
  async run({ db }, _actor, { userId }, scope) {
    const handed = await transferOwnership(db, teamOf(scope), userId);
    return handed.ok ? finished() : handed;
  },
});

export const leaveOwnTeam = defineUseCase({
  name: "teams.leave",
  summary: "Leaves the team; the owner hands over ownership first, so a team always has one.",
  input: z.object({ teamId: teamIdParam }),
  output: ok,
  actors: ["member"],
  team: inTeam("view"),
  errors: ["OWNER_CANNOT_LEAVE", "NOT_A_MEMBER"],
  async run({ db }, _actor, _input, scope) {
    const left = await leaveTeam(db, teamOf(scope));
    return left.ok ? finished() : left;
  },
});

/** Longer than any token we issue: not worth hashing. */
const TOKEN_MAX = 100;

export const joinByInvitation = defineUseCase({
  name: "teams.accept-invitation",
  summary: "Joins the team by an invitation; someone already in the team just lands on it.",
  input: z.object({ token: z.string().transform((token) => token.slice(0, TOKEN_MAX)) }),
  output: z.object({ teamId: z.uuid(), joined: z.boolean() }),
  actors: ["member"],
  errors: ["INVITATION_UNKNOWN", "INVITATION_CLOSED", "INVITATION_FOR_ANOTHER"],
  async run({ db }, actor, { token }) {
    const accepted = await acceptInvitation(db, token, memberOf(actor));
    return accepted.ok ? done({ teamId: accepted.teamId, joined: accepted.joined }) : accepted;
  },
});
