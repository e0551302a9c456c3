import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions, teamMembers, teams, users, votes } from "~/db/schema";
import type { SignedInUser } from "~/domain/accounts/viewer.server";
import { LIMITS } from "~/domain/limits/rules";
import type { Actor } from "~/use-cases/actors";
import { changeUserAccess } from "~/use-cases/admin/admin.server";
import { voteOnQuestion } from "~/use-cases/community/community.server";
import type { UseCaseDeps } from "~/use-cases/deps";
import { callUseCase } from "~/use-cases/execute.server";
import { writeQuestionForTeam } from "~/use-cases/teams/team-questions.server";
import { createNewTeam } from "~/use-cases/teams/teams.server";
import { freshDatabase, testEngines } from "../support/databases";

/**
 * Use cases called as a job runner or a chat adapter will call them: an
 * actor and an input, no Request. Who may ask, the team's rule and the
 * limit answer the same typed codes for every caller.
 */
describe.each(testEngines())("use cases on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let deps: UseCaseDeps;

  const unused = () => {
    throw new Error("not needed by these use cases");
  };

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    deps = {
      db: handle.db,
      secret: "a-test-secret-of-at-least-32-characters",
      settings: {
        appName: "CircleUp",
        publicUrl: "http://localhost",
        contactEmail: undefined,
        aiQuota: { anonymous: 10, anonymousPerIp: 30, free: 25, premium: "unlimited" },
        live: { roundHours: 4, recapDays: 30, maxParticipants: 200, streamsPerAddress: 20 },
      },
      ai: unused,
      billing: unused,
      features: unused,
      log: { warn: unused },
      sendEmail: unused,
      jobs: { send: unused },
      chatSeal: unused,
    };
  });
  afterAll(async () => cleanup?.());

  async function member(): Promise<Actor & { user: SignedInUser }> {
    const email = `someone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [row] = await handle.db
      .insert(users)
      .values({ name: "Ada", email, emailVerified: true })
      .returning({ id: users.id });
    if (!row) throw new Error("no user");
    const user: SignedInUser = {
      id: row.id,
      sessionId: crypto.randomUUID(),
      name: "Ada",
      email,
      emailVerified: true,
      plan: "free",
      isAdmin: false,
      twoFactorEnabled: false,
    };
    return { kind: "member", user, address: "198.51.100.7" };
  }

  async function teamWith(who: { user: SignedInUser }, role: "owner" | "member") {
    const [team] = await handle.db.insert(teams).values({ name: "Platform", timeZone: "UTC" }).returning();
    if (!team) throw new Error("no team");
    await handle.db.insert(teamMembers).values({ teamId: team.id, userId: who.user.id, role });
    return team.id;
  }

  it.skipIf(!available)("refuses a visitor where a member is required, before anything is stored", async () => {
    const [question] = await handle.db.select({ id: questions.id }).from(questions).limit(1);
    const questionId = question?.id ?? crypto.randomUUID();
    const visitor: Actor = { kind: "visitor", address: "203.0.113.5" };
    const refused = await callUseCase(voteOnQuestion, deps, visitor, { questionId, direction: "up" });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED", message: "Please sign in to continue" },
    });
    expect(await handle.db.select().from(votes).where(eq(votes.questionId, questionId))).toEqual([]);
  });

  it.skipIf(!available)(
    "tells a member an admin's action is an admin's, and a chat or a job it is not theirs",
    async () => {
      const someone = await member();
      const change = { userId: someone.user.id, plan: "premium" };
      expect(await callUseCase(changeUserAccess, deps, someone, change)).toMatchObject({
        ok: false,
        error: { code: "ADMIN_REQUIRED", params: {} },
      });
      const chat: Actor = { kind: "chat", platform: "slack", workspace: "T1", user: "U1" };
      expect(await callUseCase(changeUserAccess, deps, chat, change)).toMatchObject({
        ok: false,
        error: { code: "CALLER_NOT_ALLOWED", params: { actor: "chat" }, message: "This cannot be done from a chat" },
      });
      const job: Actor = { kind: "job", name: "series-post" };
      expect(await callUseCase(voteOnQuestion, deps, job, {})).toMatchObject({
        ok: false,
        error: { code: "CALLER_NOT_ALLOWED", params: { actor: "job" } },
      });
    },
  );

  it.skipIf(!available)(
    "refuses a role without the team's ability, and a stranger, before reading the input",
    async () => {
      const plain = await member();
      const teamId = await teamWith(plain, "member");
      // Even input that would be refused on its own is not looked at: the team's rule answers first.
      const refused = await callUseCase(writeQuestionForTeam, deps, plain, { teamId, question: "" });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: "TEAM_ROLE_CANNOT", params: { role: "member" }, message: "A team member cannot do this" },
      });
      const stranger = await member();
      expect(await callUseCase(writeQuestionForTeam, deps, stranger, { teamId, question: "" })).toMatchObject({
        ok: false,
        error: { code: "TEAM_NOT_FOUND" },
      });
      const owner = await member();
      const ownTeam = await teamWith(owner, "owner");
      expect(await callUseCase(writeQuestionForTeam, deps, owner, { teamId: ownTeam, question: "" })).toMatchObject({
        ok: false,
        error: { code: "INVALID_INPUT", params: { field: "question" } },
      });
    },
  );

  it.skipIf(!available)("counts a member's calls in the database and answers the one over the limit", async () => {
    const founder = await member();
    const settings = { name: "Another team", timeZone: "UTC" };
    for (let made = 0; made < LIMITS.teams.limit; made++) {
      expect(await callUseCase(createNewTeam, deps, founder, settings)).toMatchObject({ ok: true });
    }
    const over = await callUseCase(createNewTeam, deps, founder, settings);
    expect(over).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", params: { rule: "teams", what: "new teams" }, retryable: true },
    });
    if (over.ok) return;
    expect(over.error.message).toMatch(/^Too many new teams: try again in \d+ minutes?$/);
    expect(over.error.retryAfterSeconds).toBeGreaterThan(0);
  });
});
