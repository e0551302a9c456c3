import type { SignedInUser, TeamMembership } from "~/domain/accounts/viewer.server";
import type { LiveCredentials } from "~/domain/live/rounds.server";

/**
 * Who asks for a use case. An adapter turns its request into one actor: the
 * cookie session into a visitor, a member or an admin (app/web/adapters);
 * an API token, a verified chat payload or a queue message into the others.
 * A use case names the kinds it accepts and is never told how the actor
 * was recognised.
 */
export type Actor = VisitorActor | MemberActor | AdminActor | TokenActor | ChatActor | JobActor;

/**
 * The seats the caller holds in one live round, which is read only from a
 * seat: the host's token, a participant's, or the room link's key (checked
 * with the app's secret). A browser keeps them in per-round cookies.
 */
export type RoundSeats = { code: string } & Omit<LiveCredentials, "userId">;

/** Someone without an account: counted by the keyed hash of their network, and a visitor cookie where one is kept. */
export type VisitorActor = {
  kind: "visitor";
  /** The client's address as the server saw it (trusted proxy hops only); null when unknown. */
  address: string | null;
  /** The anonymous visitor cookie's id, when the request carried one. */
  visitorId?: string | null;
  seats?: RoundSeats;
};

type SignedIn = {
  user: SignedInUser;
  address: string | null;
  seats?: RoundSeats;
  /**
   * The member's place in one team, when the adapter read it with the
   * session (one statement); the team step reads it otherwise. Null: not in
   * that team, or no such team.
   */
  membership?: { teamId: string; membership: TeamMembership | null };
};

/** A signed-in member. */
export type MemberActor = { kind: "member" } & SignedIn;

/** A signed-in member whose profile makes them an admin; accepted wherever a member is. */
export type AdminActor = { kind: "admin" } & SignedIn;

/**
 * An API token (`Authorization: Bearer`), within its scopes. A personal
 * token acts as its member (their teams, roles, quotas and limits), in
 * every team of theirs or only in `subject.teamId`; a team token acts in
 * its one team with at most a facilitator's abilities (TEAM_TOKEN_ABILITIES),
 * through the member who made it, and for nothing of a person's own.
 */
export type TokenActor = {
  kind: "token";
  tokenId: string;
  scopes: readonly string[];
  user: SignedInUser;
  subject: { kind: "member"; teamId: string | null } | { kind: "team"; teamId: string };
  address: string | null;
};

/** A person in a chat platform's workspace, from a payload whose signature was verified. */
export type ChatActor = {
  kind: "chat";
  platform: "slack" | "teams" | "discord" | "google-chat";
  workspace: string;
  user: string;
};

/** Work the server does on its own (a series' scheduled post, a reminder, the outbox), retried by its queue. */
export type JobActor = { kind: "job"; name: string };

export type ActorKind = Actor["kind"];

/** The kinds a use case may name: an admin is a member too, so "member" lets admins in. */
export type AcceptedActor = ActorKind;

/** The signed-in person behind the actor, if there is one: a token's member counts as signed in. */
export function signedInUser(actor: Actor): SignedInUser | null {
  return actor.kind === "member" || actor.kind === "admin" || actor.kind === "token" ? actor.user : null;
}

/** The client address behind the actor, where there is one. */
export function addressOf(actor: Actor): string | null {
  return "address" in actor ? actor.address : null;
}

/**
 * The signed-in person of a use case that lets in members only: the actor
 * step has refused everyone else, so anything else here is a bug.
 */
export function memberOf(actor: Actor): SignedInUser {
  const user = signedInUser(actor);
  if (!user) throw new Error(`A ${actor.kind} reached a use case for members`);
  return user;
}
