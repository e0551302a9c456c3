import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions, seriesHosts, teamInvitations, teamMembers, teamQuestionUses, teams, users } from "~/db/schema";
import type { EmailContent } from "~/domain/email/templates";
import { type TeamAccess, teamAccess } from "~/domain/teams/access.server";
import {
  acceptInvitation,
  createLinkInvitation,
  inviteByEmail,
  listOpenInvitations,
  readInvitation,
  revokeInvitation,
} from "~/domain/teams/invitations.server";
import { changeRole, leaveTeam, listMembers, removeMember, transferOwnership } from "~/domain/teams/people.server";
import { createTeam, deleteTeam, handOverTeamsOf, listTeamsOf, updateTeamSettings } from "~/domain/teams/teams.server";
import { teamSettingsSchema } from "~/shared/team-schemas";
import type { TeamRole } from "~/shared/teams";
import { freshDatabase, testEngines } from "../support/databases";
import { insertSeries } from "../support/teams";

type Person = { id: string; email: string; emailVerified: boolean };

describe("a team's name and time zone", () => {
  const parse = (name: string, timeZone: string) => teamSettingsSchema.safeParse({ name, timeZone });

  it("takes a trimmed name of 1 to 80 visible characters and an IANA zone in its canonical spelling", () => {
    expect(parse("  Platform team ", "europe/berlin")).toMatchObject({
      success: true,
      data: { name: "Platform team", timeZone: "Europe/Berlin" },
    });
    expect(parse("x".repeat(80), "UTC").success).toBe(true);
  });

  it("refuses an empty, long or unshowable name and a zone that is not one, naming what is wrong", () => {
    const problem = (name: string, timeZone: string) => {
      const parsed = parse(name, timeZone);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(problem("   ", "UTC")).toBe("Please enter the team's name");
    expect(problem("x".repeat(81), "UTC")).toBe("A team's name can be at most 80 characters");
    expect(problem("Team\u202Eevil", "UTC")).toBe("The team's name holds characters that cannot be shown");
    expect(problem("Line\nbreak", "UTC")).toBe("The team's name holds characters that cannot be shown");
    for (const zone of ["Mars/Olympus", "+01:00", "", "Europe/Berlin; drop table"]) {
      expect(problem("Team", zone), zone).toBe("Please choose a time zone from the list");
    }
  });
});

describe.each(testEngines())("teams on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let people = 0;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  async function person(name = "Ada Lovelace", emailVerified = true): Promise<Person> {
    const email = `person-${++people}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [row] = await handle.db.insert(users).values({ name, email, emailVerified }).returning({ id: users.id });
    if (!row) throw new Error("no user");
    return { id: row.id, email, emailVerified };
  }

  async function accessOf(teamId: string, who: Person): Promise<TeamAccess> {
    const outcome = await teamAccess(handle.db, teamId, who.id, "view");
    if (!outcome.ok) throw outcome.error;
    return outcome.access;
  }

  async function join(teamId: string, who: Person, role: TeamRole, joinedAt = new Date()) {
    await handle.db.insert(teamMembers).values({ teamId, userId: who.id, role, joinedAt });
  }

  /** A team with an owner, a facilitator and a member. */
  async function teamOfThree(name = "Platform team") {
    const owner = await person("Olive Owner");
    const facilitator = await person("Fay Facilitator");
    const member = await person("Max Member");
    const created = await createTeam(handle.db, { userId: owner.id, name, timeZone: "Europe/Berlin" });
    if (!created.ok) throw created.error;
    await join(created.teamId, facilitator, "facilitator");
    await join(created.teamId, member, "member");
    return { teamId: created.teamId, owner, facilitator, member };
  }

  async function roles(teamId: string): Promise<Record<string, string>> {
    const rows = await handle.db
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
  }

  async function seriesWithHosts(teamId: string, hosts: Person[]): Promise<string> {
    const seriesId = await insertSeries(handle.db, teamId, {
      questionStyle: "reflective",
      engagementLevel: "standard",
      pulse: false,
    });
    await handle.db
      .insert(seriesHosts)
      .values(hosts.map((host, position) => ({ seriesId, userId: host.id, position })));
    return seriesId;
  }

  async function hostsOf(seriesId: string): Promise<string[]> {
    const rows = await handle.db
      .select({ userId: seriesHosts.userId })
      .from(seriesHosts)
      .where(eq(seriesHosts.seriesId, seriesId));
    return rows.map((row) => row.userId).sort();
  }

  it.skipIf(!available)("makes the creator the owner and lists a person's teams with role and size", async () => {
    const { teamId, owner, member } = await teamOfThree("Zebra crew");
    const second = await createTeam(handle.db, { userId: member.id, name: "alpha squad", timeZone: "UTC" });
    if (!second.ok) throw second.error;
    expect(await roles(second.teamId)).toEqual({ [member.id]: "owner" });
    expect(await listTeamsOf(handle.db, member.id)).toEqual([
      { teamId: second.teamId, name: "alpha squad", timeZone: "UTC", role: "owner", memberCount: 1 },
      { teamId, name: "Zebra crew", timeZone: "Europe/Berlin", role: "member", memberCount: 3 },
    ]);
    expect(await listTeamsOf(handle.db, owner.id)).toHaveLength(1);
    expect(await listTeamsOf(handle.db, (await person()).id)).toEqual([]);
  });

  it.skipIf(!available)("lists the owner first and shows addresses only to the owner", async () => {
    const { teamId, owner, facilitator, member } = await teamOfThree();
    const byOwner = await listMembers(handle.db, await accessOf(teamId, owner));
    expect(byOwner.map((p) => [p.userId, p.role])).toEqual([
      [owner.id, "owner"],
      [facilitator.id, "facilitator"],
      [member.id, "member"],
    ]);
    expect(byOwner[2]?.email).toBe(member.email);
    const byMember = await listMembers(handle.db, await accessOf(teamId, member));
    expect(byMember.map((p) => p.email)).toEqual([null, null, null]);
  });

  it.skipIf(!available)("lets only the owner rename the team and change its time zone", async () => {
    const { teamId, owner, facilitator } = await teamOfThree();
    const refused = await updateTeamSettings(handle.db, await accessOf(teamId, facilitator), {
      name: "Hijacked",
      timeZone: "UTC",
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "TEAM_ROLE_CANNOT" } });
    expect(
      await updateTeamSettings(handle.db, await accessOf(teamId, owner), { name: "Renamed", timeZone: "Asia/Tokyo" }),
    ).toEqual({ ok: true });
    const [team] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team).toMatchObject({ name: "Renamed", timeZone: "Asia/Tokyo" });
  });

  it.skipIf(!available)("changes roles, but never the owner's and only by the owner", async () => {
    const { teamId, owner, facilitator, member } = await teamOfThree();
    const asOwner = await accessOf(teamId, owner);
    expect(await changeRole(handle.db, asOwner, member.id, "facilitator")).toEqual({ ok: true });
    expect(await changeRole(handle.db, asOwner, facilitator.id, "member")).toEqual({ ok: true });
    expect(await changeRole(handle.db, asOwner, owner.id, "member")).toMatchObject({
      ok: false,
      error: { code: "OWNER_ROLE_FIXED" },
    });
    expect(await changeRole(handle.db, asOwner, (await person()).id, "member")).toMatchObject({
      ok: false,
      error: { code: "NOT_A_MEMBER" },
    });
    expect(await changeRole(handle.db, await accessOf(teamId, member), facilitator.id, "facilitator")).toMatchObject({
      ok: false,
      error: { code: "TEAM_ROLE_CANNOT" },
    });
    expect(await roles(teamId)).toEqual({
      [owner.id]: "owner",
      [facilitator.id]: "member",
      [member.id]: "facilitator",
    });
  });

  it.skipIf(!available)(
    "takes a removed or leaving person out of the team's rotations, not another team's",
    async () => {
      const { teamId, owner, facilitator, member } = await teamOfThree();
      const series = await seriesWithHosts(teamId, [owner, facilitator, member]);
      const other = await createTeam(handle.db, { userId: facilitator.id, name: "Other team", timeZone: "UTC" });
      if (!other.ok) throw other.error;
      const otherSeries = await seriesWithHosts(other.teamId, [facilitator]);

      expect(await removeMember(handle.db, await accessOf(teamId, owner), owner.id)).toMatchObject({
        ok: false,
        error: { code: "OWNER_CANNOT_BE_REMOVED" },
      });
      expect(await leaveTeam(handle.db, await accessOf(teamId, owner))).toMatchObject({
        ok: false,
        error: { code: "OWNER_CANNOT_LEAVE", message: "Hand over ownership to another member before you leave" },
      });
      expect(await removeMember(handle.db, await accessOf(teamId, member), facilitator.id)).toMatchObject({
        ok: false,
        error: { code: "TEAM_ROLE_CANNOT" },
      });

      expect(await removeMember(handle.db, await accessOf(teamId, owner), member.id)).toEqual({ ok: true });
      expect(await hostsOf(series)).toEqual([owner.id, facilitator.id].sort());
      expect(await leaveTeam(handle.db, await accessOf(teamId, facilitator))).toEqual({ ok: true });
      expect(await hostsOf(series)).toEqual([owner.id]);
      expect(await roles(teamId)).toEqual({ [owner.id]: "owner" });
      // Their own team and its rotation are untouched.
      expect(await hostsOf(otherSeries)).toEqual([facilitator.id]);
      expect(await teamAccess(handle.db, teamId, member.id, "view")).toMatchObject({
        ok: false,
        error: { code: "TEAM_NOT_FOUND" },
      });
    },
  );

  it.skipIf(!available)("hands over ownership in one step: the owner becomes a facilitator", async () => {
    const { teamId, owner, facilitator, member } = await teamOfThree();
    const asOwner = await accessOf(teamId, owner);
    expect(await transferOwnership(handle.db, asOwner, (await person()).id)).toMatchObject({
      ok: false,
      error: { code: "NOT_A_MEMBER" },
    });
    // The failed transfer changed nothing: the demotion was rolled back with it.
    expect((await roles(teamId))[owner.id]).toBe("owner");
    expect(await transferOwnership(handle.db, asOwner, member.id)).toEqual({ ok: true });
    expect(await roles(teamId)).toEqual({
      [owner.id]: "facilitator",
      [facilitator.id]: "facilitator",
      [member.id]: "owner",
    });
    expect(await transferOwnership(handle.db, asOwner, facilitator.id)).toMatchObject({ ok: false });
  });

  it.skipIf(!available)("keeps one owner when two transfers to different people race", async () => {
    const { teamId, owner, facilitator, member } = await teamOfThree();
    const asOwner = await accessOf(teamId, owner);
    const outcomes = await Promise.all([
      transferOwnership(handle.db, asOwner, facilitator.id),
      transferOwnership(handle.db, asOwner, member.id),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const owners = Object.values(await roles(teamId)).filter((role) => role === "owner");
    expect(owners).toHaveLength(1);
    expect((await roles(teamId))[owner.id]).toBe("facilitator");
  });

  it.skipIf(!available)("stores only the SHA-256 of a link's token and lets it be used once", async () => {
    const { teamId, owner, member } = await teamOfThree();
    expect(await createLinkInvitation(handle.db, await accessOf(teamId, member), "member")).toMatchObject({
      ok: false,
      error: { code: "TEAM_ROLE_CANNOT" },
    });
    const created = await createLinkInvitation(handle.db, await accessOf(teamId, owner), "facilitator");
    if (!created.ok) throw created.error;
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await handle.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(crypto.createHash("sha256").update(created.token).digest("base64url"));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const days = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const newcomer = await person("New Comer");
    expect(await readInvitation(handle.db, created.token, newcomer.id)).toMatchObject({
      ok: true,
      member: false,
      invitation: {
        teamId,
        teamName: "Platform team",
        inviterName: "Olive Owner",
        role: "facilitator",
        forEmail: null,
      },
    });
    expect(await acceptInvitation(handle.db, created.token, newcomer)).toEqual({ ok: true, teamId, joined: true });
    expect((await roles(teamId))[newcomer.id]).toBe("facilitator");
    // The one who joined lands on the team again; anyone else is told the link is used.
    expect(await acceptInvitation(handle.db, created.token, newcomer)).toEqual({ ok: true, teamId, joined: false });
    const late = await person();
    const refused = await acceptInvitation(handle.db, created.token, late);
    expect(refused).toMatchObject({ ok: false, error: { code: "INVITATION_CLOSED" } });
    expect(refused.ok || refused.error.message).toMatch(/used already/);
    expect(await teamAccess(handle.db, teamId, late.id, "view")).toMatchObject({ ok: false });
    expect(await listOpenInvitations(handle.db, await accessOf(teamId, owner))).toEqual([]);
  });

  it.skipIf(!available)(
    "tells expired, withdrawn and unknown invitations apart, and a wrong token from none",
    async () => {
      const { teamId, owner } = await teamOfThree();
      const asOwner = await accessOf(teamId, owner);
      const expiring = await createLinkInvitation(handle.db, asOwner, "member");
      const withdrawn = await createLinkInvitation(handle.db, asOwner, "member");
      const open = await createLinkInvitation(handle.db, asOwner, "member");
      if (!expiring.ok || !withdrawn.ok || !open.ok) throw new Error("not created");
      await handle.db
        .update(teamInvitations)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(teamInvitations.tokenHash, crypto.createHash("sha256").update(expiring.token).digest("base64url")));
      const listed = await listOpenInvitations(handle.db, asOwner);
      expect(listed).toHaveLength(2);
      const withdrawnId = listed[0]?.id as string;
      expect(await revokeInvitation(handle.db, await accessOf(teamId, owner), withdrawnId)).toEqual({ ok: true });
      expect(await revokeInvitation(handle.db, asOwner, withdrawnId)).toMatchObject({
        ok: false,
        error: { code: "INVITATION_GONE" },
      });
      expect((await listOpenInvitations(handle.db, asOwner)).map((i) => i.id)).not.toContain(withdrawnId);

      const someone = await person();
      const message = async (token: string) => {
        const outcome = await acceptInvitation(handle.db, token, someone);
        const read = await readInvitation(handle.db, token, someone.id);
        expect(read.ok).toBe(false);
        expect(outcome.ok).toBe(false);
        return outcome.ok ? "" : `${outcome.error.code}: ${outcome.error.message}`;
      };
      expect(await message(expiring.token)).toMatch(/^INVITATION_CLOSED: This invitation has expired/);
      expect(await message(withdrawn.token)).toMatch(/^INVITATION_CLOSED: This invitation was withdrawn/);
      const unknown = await message(crypto.randomBytes(32).toString("base64url"));
      expect(unknown).toMatch(/^INVITATION_UNKNOWN: This invitation does not exist/);
      expect(await message(`${open.token.slice(0, -1)}x`)).toBe(unknown);
      expect(await message("")).toBe(unknown);
      expect(await teamAccess(handle.db, teamId, someone.id, "view")).toMatchObject({ ok: false });
    },
  );

  it.skipIf(!available)("mails an e-mail invitation that only that verified address can accept", async () => {
    const { teamId, owner, member } = await teamOfThree("Design crew");
    const sent: { kind: string; to: string; content: EmailContent }[] = [];
    const mailer = {
      appName: "CircleUp",
      publicUrl: "https://circleup.example",
      inviterName: "Olive Owner",
      send: (kind: string, to: string, content: EmailContent) => sent.push({ kind, to, content }),
    };
    const invitee = await person("Ivy Invitee");
    const asOwner = await accessOf(teamId, owner);
    expect(
      await inviteByEmail(handle.db, asOwner, { email: member.email.toUpperCase(), role: "member" }, mailer),
    ).toMatchObject({ ok: false, error: { code: "ALREADY_IN_TEAM" } });
    expect(
      await inviteByEmail(
        handle.db,
        asOwner,
        { email: ` ${invitee.email.toUpperCase()} `, role: "facilitator" },
        mailer,
      ),
    ).toEqual({
      ok: true,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "team_invitation", to: invitee.email });
    expect(sent[0]?.content.subject).toBe("Olive Owner invited you to Design crew on CircleUp");
    const link = /https:\/\/circleup\.example\/teams\/join\/([A-Za-z0-9_-]{43})/.exec(sent[0]?.content.text ?? "");
    const token = link?.[1] as string;
    expect(token).toBeDefined();
    expect(sent[0]?.content.html).toContain(`/teams/join/${token}`);
    const [row] = await handle.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));
    expect(row).toMatchObject({ email: invitee.email, role: "facilitator" });

    const stranger = await person();
    const wrong = await acceptInvitation(handle.db, token, stranger);
    expect(wrong).toMatchObject({ ok: false, error: { code: "INVITATION_FOR_ANOTHER" } });
    expect(wrong.ok || wrong.error.message).toContain("p***@example.com");
    const unverified = { ...invitee, emailVerified: false };
    expect(await acceptInvitation(handle.db, token, unverified)).toMatchObject({
      ok: false,
      error: { code: "INVITATION_FOR_ANOTHER" },
    });
    expect(await acceptInvitation(handle.db, token, { ...invitee, email: invitee.email.toUpperCase() })).toEqual({
      ok: true,
      teamId,
      joined: true,
    });
    expect((await roles(teamId))[invitee.id]).toBe("facilitator");
  });

  it.skipIf(!available)("adds exactly one member when twenty people accept one link at once", async () => {
    const { teamId, owner } = await teamOfThree();
    const created = await createLinkInvitation(handle.db, await accessOf(teamId, owner), "member");
    if (!created.ok) throw created.error;
    const crowd = await Promise.all(Array.from({ length: 20 }, () => person()));
    const outcomes = await Promise.all(crowd.map((who) => acceptInvitation(handle.db, created.token, who)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(Object.keys(await roles(teamId))).toHaveLength(4);
  });

  it.skipIf(!available)("deletes a team with all its rows once the owner types its name", async () => {
    const { teamId, owner, facilitator } = await teamOfThree("Doomed team");
    const series = await seriesWithHosts(teamId, [owner, facilitator]);
    const created = await createLinkInvitation(handle.db, await accessOf(teamId, owner), "member");
    if (!created.ok) throw created.error;
    const [question] = await handle.db
      .insert(questions)
      .values({
        text: `What does ${teamId} keep to itself?`,
        normalizedText: `what does ${teamId} keep to itself`,
        type: "check-in",
        meetingContext: "check-in",
        questionStyle: "reflective",
        engagementLevel: "standard",
        source: "user_submitted",
        status: "team",
        teamId,
      })
      .returning({ id: questions.id });
    await handle.db
      .insert(teamQuestionUses)
      .values({ teamId, questionId: question?.id as string, how: "asked", usedBy: owner.id, seriesId: series });

    expect(await deleteTeam(handle.db, await accessOf(teamId, facilitator), "Doomed team")).toMatchObject({
      ok: false,
      error: { code: "TEAM_ROLE_CANNOT" },
    });
    expect(await deleteTeam(handle.db, await accessOf(teamId, owner), "doomed")).toMatchObject({
      ok: false,
      error: { code: "TEAM_NAME_MISMATCH", message: "Type the team's name, Doomed team, to delete it" },
    });
    expect(await deleteTeam(handle.db, await accessOf(teamId, owner), " Doomed team ")).toEqual({ ok: true });
    const left = await handle.db.execute(sql`
      select (select count(*) from teams where id = ${teamId})::int as teams,
             (select count(*) from team_members where team_id = ${teamId})::int as members,
             (select count(*) from team_invitations where team_id = ${teamId})::int as invitations,
             (select count(*) from meeting_series where team_id = ${teamId})::int as series,
             (select count(*) from series_hosts where series_id = ${series})::int as hosts,
             (select count(*) from team_question_uses where team_id = ${teamId})::int as uses,
             (select count(*) from questions where team_id = ${teamId})::int as questions`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({
      teams: 0,
      members: 0,
      invitations: 0,
      series: 0,
      hosts: 0,
      uses: 0,
      questions: 0,
    });
    // The people are still there.
    expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.id, owner.id))).toHaveLength(1);
  });

  it.skipIf(!available)(
    "gives a deleted owner's teams to a facilitator, else a member, else deletes them",
    async () => {
      const owner = await person("Leaving Owner");
      const early = await person("Early Member");
      const later = await person("Later Facilitator");
      const longest = await person("Longest Facilitator");
      const newTeam = async (name: string) => {
        const created = await createTeam(handle.db, { userId: owner.id, name, timeZone: "UTC" });
        if (!created.ok) throw created.error;
        return created.teamId;
      };
      const withFacilitators = await newTeam("With facilitators");
      await join(withFacilitators, early, "member", new Date("2026-01-01T00:00:00Z"));
      await join(withFacilitators, later, "facilitator", new Date("2026-03-01T00:00:00Z"));
      await join(withFacilitators, longest, "facilitator", new Date("2026-02-01T00:00:00Z"));
      const membersOnly = await newTeam("Members only");
      await join(membersOnly, later, "member", new Date("2026-03-01T00:00:00Z"));
      await join(membersOnly, early, "member", new Date("2026-01-01T00:00:00Z"));
      const alone = await newTeam("Alone");
      const notOwned = await createTeam(handle.db, { userId: early.id, name: "Not owned", timeZone: "UTC" });
      if (!notOwned.ok) throw notOwned.error;
      await join(notOwned.teamId, owner, "facilitator");

      // As account deletion runs it: the hand-over, then the user row in the same transaction.
      await handle.db.transaction(async (tx) => {
        await handOverTeamsOf(tx, owner.id);
        await tx.delete(users).where(eq(users.id, owner.id));
      });

      expect(await roles(withFacilitators)).toEqual({
        [early.id]: "member",
        [later.id]: "facilitator",
        [longest.id]: "owner",
      });
      expect(await roles(membersOnly)).toEqual({ [early.id]: "owner", [later.id]: "member" });
      expect(await handle.db.select().from(teams).where(eq(teams.id, alone))).toEqual([]);
      expect(await roles(notOwned.teamId)).toEqual({ [early.id]: "owner" });
      const counted = await handle.db.execute(
        sql`select count(*)::int as n from team_members where user_id = ${owner.id}`,
      );
      const [ownerRows] = (counted as unknown as { rows: unknown[] }).rows;
      expect(ownerRows).toEqual({ n: 0 });
      const stillOwned = await handle.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, membersOnly), eq(teamMembers.role, "owner")));
      expect(stillOwned).toHaveLength(1);
    },
  );
});
