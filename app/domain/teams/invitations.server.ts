import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/database.server";
import { teamInvitations, teamMembers, teams, users } from "~/db/schema";
import type { InvitationState } from "~/shared/errors/codes";
import { INVITATION_DAYS, TEAM_ROLE_LABELS, type TeamRole } from "~/shared/teams";
import { maskAddress } from "../email/mailer.server";
import type { EmailContent } from "../email/templates";
import { teamInvitationEmail } from "../email/templates";
import { failure, type Outcome } from "../errors";
import { hashToken, newToken } from "../secret-tokens.server";
import { allowed, type TeamAccess } from "./access.server";

export type InvitedRole = Exclude<TeamRole, "owner">;

/** What the invitation page shows before someone accepts. */
export type InvitationView = {
  teamId: string;
  teamName: string;
  inviterName: string | null;
  role: InvitedRole;
  /** The address an e-mail invitation is for, shortened ("a***@example.com"); null for a link. */
  forEmail: string | null;
};

export type OpenInvitation = {
  id: string;
  email: string | null;
  role: InvitedRole;
  inviterName: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/** How an e-mail invitation reaches its address: the outbox, and the site's public address for the link. */
export type InvitationMailer = {
  appName: string;
  publicUrl: string;
  inviterName: string;
  send: (kind: string, to: string, content: EmailContent) => void;
};

/** The link's 32 random bytes: the token is the credential, and only its hash is stored. */
const TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;

export function invitationPath(token: string): string {
  return `/teams/join/${token}`;
}

/** A link anyone signed in may use once to join, with the role given. Answers the token, shown once. */
export async function createLinkInvitation(
  db: Database,
  access: TeamAccess,
  role: InvitedRole,
): Promise<Outcome<{ token: string }>> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  return { ok: true, token: await storeInvitation(db, access, role, null) };
}

/**
 * An invitation for one address, mailed through the outbox; only an account
 * with that verified address can accept it. Someone already in the team is
 * not invited again.
 */
export async function inviteByEmail(
  db: Database,
  access: TeamAccess,
  input: { email: string; role: InvitedRole },
  mailer: InvitationMailer,
): Promise<Outcome> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  const email = input.email.trim().toLowerCase();
  const [member] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, access.teamId), eq(users.email, email)));
  if (member) return failure("ALREADY_IN_TEAM", { email });
  const token = await storeInvitation(db, access, input.role, email);
  mailer.send(
    "team_invitation",
    email,
    teamInvitationEmail({
      appName: mailer.appName,
      teamName: access.teamName,
      inviterName: mailer.inviterName,
      role: TEAM_ROLE_LABELS[input.role],
      url: `${mailer.publicUrl}${invitationPath(token)}`,
      expiresInDays: INVITATION_DAYS,
    }),
  );
  return { ok: true };
}

async function storeInvitation(
  db: Database,
  access: TeamAccess,
  role: InvitedRole,
  email: string | null,
): Promise<string> {
  const token = newToken(TOKEN_BYTES);
  await db.insert(teamInvitations).values({
    teamId: access.teamId,
    tokenHash: hashToken(token),
    email,
    role,
    invitedBy: access.userId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  });
  return token;
}

/** Invitations not yet used, withdrawn or expired, oldest first, for the people page. */
export async function listOpenInvitations(db: Database, access: TeamAccess): Promise<OpenInvitation[]> {
  if (allowed(access, "manage-people")) return [];
  const rows = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      inviterName: users.name,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, access.teamId), openNow()))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return rows.map((row) => ({ ...row, role: row.role as InvitedRole }));
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(db: Database, access: TeamAccess, invitationId: string): Promise<Outcome> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  const [revoked] = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, access.teamId), openNow()))
    .returning({ id: teamInvitations.id });
  return revoked ? { ok: true } : failure("INVITATION_GONE");
}

/**
 * The invitation behind a token, while it can still be accepted, and
 * whether the viewer is in its team already (then it may be used, expired
 * or withdrawn: they just go to the team); otherwise why not (all NOT_FOUND).
 */
export async function readInvitation(
  db: Database,
  token: string,
  viewerId: string | null,
): Promise<Outcome<{ invitation: InvitationView; member: boolean }>> {
  const found = await findByToken(db, token);
  // A token never issued and a mistyped one are told alike.
  if (!found) return failure("INVITATION_UNKNOWN");
  if (viewerId && (await isMember(db, found.teamId, viewerId))) {
    return { ok: true, invitation: viewOf(found), member: true };
  }
  const state = stateOf(found);
  if (state !== "open") return failure("INVITATION_CLOSED", { state, days: INVITATION_DAYS });
  return { ok: true, invitation: viewOf(found), member: false };
}

/**
 * Joins the team by the invitation. Someone already in the team just lands
 * on it (the invitation stays open for another). The invitation is taken in
 * one UPDATE that only an open invitation matches, so of two servers
 * accepting the same link at once exactly one adds a member.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<Outcome<{ teamId: string; joined: boolean }>> {
  const found = await findByToken(db, token);
  if (!found) return failure("INVITATION_UNKNOWN");
  if (await isMember(db, found.teamId, user.id)) return { ok: true, teamId: found.teamId, joined: false };
  const state = stateOf(found);
  if (state !== "open") return failure("INVITATION_CLOSED", { state, days: INVITATION_DAYS });
  if (found.email && (found.email !== user.email.trim().toLowerCase() || !user.emailVerified)) {
    return failure("INVITATION_FOR_ANOTHER", { maskedEmail: maskAddress(found.email) });
  }
  const joined = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(and(eq(teamInvitations.tokenHash, hashToken(token)), openNow()))
      .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
    if (!taken) return false;
    await tx
      .insert(teamMembers)
      .values({ teamId: taken.teamId, userId: user.id, role: taken.role })
      .onConflictDoNothing();
    return true;
  });
  if (joined) return { ok: true, teamId: found.teamId, joined: true };
  // Taken between the read and the update: by this person on another server, or by someone else.
  if (await isMember(db, found.teamId, user.id)) return { ok: true, teamId: found.teamId, joined: false };
  const latest = await findByToken(db, token);
  if (!latest) return failure("INVITATION_UNKNOWN");
  const after = stateOf(latest);
  return failure("INVITATION_CLOSED", { state: after === "open" ? "used" : after, days: INVITATION_DAYS });
}

const openNow = () =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, sql`now()`));

const inviter = alias(users, "inviter");

async function findByToken(db: Database, token: string) {
  const [row] = await db
    .select({
      teamId: teamInvitations.teamId,
      teamName: teams.name,
      inviterName: inviter.name,
      role: teamInvitations.role,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  return row ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function stateOf(found: Found): "open" | InvitationState {
  if (found.revokedAt) return "revoked";
  if (found.acceptedAt) return "used";
  if (found.expiresAt.getTime() <= Date.now()) return "expired";
  return "open";
}

function viewOf(found: Found): InvitationView {
  return {
    teamId: found.teamId,
    teamName: found.teamName,
    inviterName: found.inviterName,
    role: found.role as InvitedRole,
    forEmail: found.email ? maskAddress(found.email) : null,
  };
}

async function isMember(db: Database, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return !!row;
}
