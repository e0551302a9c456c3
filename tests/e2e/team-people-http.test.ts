import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { type Cluster, startCluster } from "../support/cluster";
import type { HttpClient } from "../support/http-client";
import { skipOrFail } from "../support/loud-skip";
import { seedMembers, signIn } from "../support/members";
import { findPostgresBin } from "../support/postgres";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";
import { seedTeam, seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";

/**
 * The team's own pages (the list and create form, people, settings, the
 * invitation page) over HTTP, as forms without JavaScript send them, for
 * each kind of person: the owner, a facilitator, a member, a signed-in
 * outsider and a visitor. Two servers share one PostgreSQL, so invitations
 * are shown to be single-use across servers; a real SMTP server receives
 * the e-mail invitations.
 */

type Persona = keyof typeof TEAM_PERSONAS | "visitor";
const PERSONAS: Persona[] = ["owner", "facilitator", "member", "outsider", "visitor"];
const hash = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");
const INVITE_LINK = /\/teams\/join\/([A-Za-z0-9_-]{43})/;

const runnable = !!process.env.DATABASE_URL || !!findPostgresBin();

describe.skipIf(!runnable)("team people over HTTP on two servers", () => {
  let smtp: SmtpTestServer;
  let cluster: Cluster;
  let db: pg.Client;
  let teamId: string;
  let addresses = 0;
  const clients = new Map<Persona, HttpClient>();

  /** A client on server `index` with an address of its own, so one test's limits never touch another's. */
  const client = (index = 0) => {
    addresses++;
    return cluster.client(index, `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`);
  };
  const as = (persona: Persona) => clients.get(persona) as HttpClient;
  const query = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;

  async function signedIn(email: string, index = 0): Promise<HttpClient> {
    const http = client(index);
    await signIn(http, email);
    return http;
  }

  /** Accounts and a team of their own for one test: `${prefix}-owner@...` and the others given. */
  async function freshTeam(prefix: string, others: { role: "facilitator" | "member"; name: string }[] = []) {
    const emails = {
      owner: `${prefix}-owner@example.com`,
      ...Object.fromEntries(others.map((o) => [o.name, `${prefix}-${o.name}@example.com`])),
    };
    await seedMembers(
      { databaseUrl: cluster.databaseUrl },
      Object.entries(emails).map(([name, email]) => ({ email, name: `${prefix} ${name}` })),
    );
    const id = await seedTeam(
      { databaseUrl: cluster.databaseUrl },
      {
        name: `${prefix} team`,
        members: [
          { email: emails.owner, role: "owner" },
          ...others.map((o) => ({ email: emails[o.name as keyof typeof emails] as string, role: o.role })),
        ],
      },
    );
    return { teamId: id, emails: emails as Record<string, string> };
  }

  async function rolesOf(id: string): Promise<Record<string, string>> {
    const rows = await query(
      "select u.email, m.role from team_members m join users u on u.id = m.user_id where m.team_id = $1",
      [id],
    );
    return Object.fromEntries(rows.map((row) => [row.email, row.role]));
  }

  /** Creates a link invitation as the owner and answers its token, read from the page as the owner sees it. */
  async function linkInvitation(owner: HttpClient, id: string, role = "member"): Promise<string> {
    const response = await owner.postForm(`/teams/${id}/people`, { intent: "invite-link", role });
    expect(response.status).toBe(200);
    const token = INVITE_LINK.exec(await response.text())?.[1];
    expect(token).toBeDefined();
    return token as string;
  }

  beforeAll(async () => {
    if (!runnable) {
      skipOrFail("the team HTTP tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    smtp = await startSmtpServer();
    const started = await startCluster({ env: { SMTP_URL: smtp.url } });
    if (!started) throw new Error("No PostgreSQL for the cluster");
    cluster = started;
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
    for (const persona of PERSONAS) {
      clients.set(persona, persona === "visitor" ? client() : await signedIn(TEAM_PERSONAS[persona]));
    }
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await smtp?.close();
  });

  describe("who may open and send what", () => {
    type Expected = Record<Persona, number>;
    const page = (owner: number, facilitator: number, member: number): Expected => ({
      owner,
      facilitator,
      member,
      outsider: 404,
      visitor: 302,
    });
    /** Every form of the team's pages; each is refused before its input is read, so bad input shows who got through. */
    const REQUESTS: {
      what: string;
      method: "GET" | "POST";
      path: () => string;
      form?: Record<string, string>;
      expected: Expected;
    }[] = [
      { what: "the people page", method: "GET", path: () => `/teams/${teamId}/people`, expected: page(200, 200, 200) },
      {
        what: "the settings page",
        method: "GET",
        path: () => `/teams/${teamId}/settings`,
        expected: page(200, 403, 403),
      },
      ...(["invite-link", "invite-email"] as const).map((intent) => ({
        what: intent,
        method: "POST" as const,
        path: () => `/teams/${teamId}/people`,
        form: { intent, role: "owner", email: "" },
        expected: page(400, 403, 403),
      })),
      ...(["revoke", "role", "remove", "transfer"] as const).map((intent) => ({
        what: intent,
        method: "POST" as const,
        path: () => `/teams/${teamId}/people`,
        form: { intent, role: "owner" },
        expected: page(400, 403, 403),
      })),
      {
        what: "an unknown people action",
        method: "POST",
        path: () => `/teams/${teamId}/people`,
        form: { intent: "promote-me" },
        expected: page(400, 400, 400),
      },
      // The owner is told to hand over first; the others' leaving is tested on a team of its own below.
      {
        what: "leaving, as the owner",
        method: "POST",
        path: () => `/teams/${teamId}/people`,
        form: { intent: "leave" },
        expected: { ...page(409, 0, 0), facilitator: -1, member: -1 },
      },
      {
        what: "saving the settings",
        method: "POST",
        path: () => `/teams/${teamId}/settings`,
        form: { intent: "save", name: "", timeZone: "UTC" },
        expected: page(400, 403, 403),
      },
      {
        what: "deleting the team",
        method: "POST",
        path: () => `/teams/${teamId}/settings`,
        form: { intent: "delete", confirmName: "not the name" },
        expected: page(400, 403, 403),
      },
    ];

    for (const request of REQUESTS) {
      it(`answers ${request.method} ${request.what} by role`, async () => {
        const seen: Record<string, number> = {};
        const wanted: Record<string, number> = {};
        for (const persona of PERSONAS) {
          if (request.expected[persona] === -1) continue;
          const response =
            request.method === "GET"
              ? await as(persona).get(request.path())
              : await as(persona).postForm(request.path(), request.form ?? {});
          seen[persona] = response.status;
          wanted[persona] = request.expected[persona];
          if (response.status === 302) {
            expect(response.headers.get("location")).toBe(`/sign-in?redirectTo=${encodeURIComponent(request.path())}`);
          }
          if (persona === "outsider") expect(await response.text()).toContain("This page could not be found");
          else await response.body?.cancel();
        }
        expect(seen).toEqual(wanted);
        expect(await rolesOf(teamId)).toEqual({
          [TEAM_PERSONAS.owner]: "owner",
          [TEAM_PERSONAS.facilitator]: "facilitator",
          [TEAM_PERSONAS.member]: "member",
        });
      });
    }

    it("answers a team that does not exist as it answers one the person is not in", async () => {
      for (const id of [crypto.randomUUID(), "not-a-team"]) {
        for (const path of [`/teams/${id}/people`, `/teams/${id}/settings`]) {
          const response = await as("owner").get(path);
          expect(response.status, path).toBe(404);
          expect(await response.text()).toContain("This page could not be found");
          expect((await as("visitor").get(path)).status).toBe(302);
        }
      }
    });

    it("sends visitors to sign in from the team list and its form, and shows each person their teams", async () => {
      const list = await as("visitor").get("/teams");
      expect(list.status).toBe(302);
      expect(list.headers.get("location")).toBe("/sign-in?redirectTo=%2Fteams");
      const create = await as("visitor").postForm("/teams", { name: "Sneaky", timeZone: "UTC" });
      expect(create.status).toBe(302);
      expect(create.headers.get("location")).toMatch(/^\/sign-in/);
      for (const persona of ["owner", "facilitator", "member"] as const) {
        const html = await (await as(persona).get("/teams")).text();
        expect(html, persona).toContain("Platform team");
        expect(html).toContain("3 people");
      }
      const outsider = await as("outsider").get("/teams");
      expect(outsider.status).toBe(200);
      expect(outsider.headers.get("cache-control")).toBe("private, no-store");
      expect(await outsider.text()).not.toContain("Platform team");
    });
  });

  it("creates a team whose creator is its owner, refusing a bad name or time zone", async () => {
    const creator = await signedIn(TEAM_PERSONAS.outsider);
    const bad = await creator.postForm("/teams", { name: "  ", timeZone: "UTC" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter the team&#x27;s name");
    const badZone = await creator.postForm("/teams", { name: "Night shift", timeZone: "Moon/Base" });
    expect(badZone.status).toBe(400);
    expect(await badZone.text()).toContain("Please choose a time zone from the list");

    const created = await creator.postForm("/teams", { name: " Night shift ", timeZone: "Pacific/Auckland" });
    expect(created.status).toBe(302);
    const id = /^\/teams\/([0-9a-f-]{36})$/.exec(created.headers.get("location") ?? "")?.[1] as string;
    expect(id).toBeDefined();
    expect(await rolesOf(id)).toEqual({ [TEAM_PERSONAS.outsider]: "owner" });
    const people = await creator.get(`/teams/${id}/people`);
    expect(people.status).toBe(200);
    const html = await people.text();
    expect(html).toContain("Night shift");
    expect(html).toContain("Invite people");
    const [team] = await query("select name, time_zone from teams where id = $1", [id]);
    expect(team).toEqual({ name: "Night shift", time_zone: "Pacific/Auckland" });
    // Everyone else still meets a 404 there.
    expect((await as("member").get(`/teams/${id}/people`)).status).toBe(404);
  });

  it("lets a visitor sign in from a link invitation and join, once, with only the token's hash stored", async () => {
    const { teamId: id, emails } = await freshTeam("linked");
    await seedMembers({ databaseUrl: cluster.databaseUrl }, [
      { email: "linked-newcomer@example.com", name: "Nia Newcomer" },
      { email: "linked-late@example.com", name: "Leo Late" },
    ]);
    const owner = await signedIn(emails.owner as string);
    const token = await linkInvitation(owner, id, "facilitator");

    const stored = await query("select * from team_invitations where team_id = $1", [id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(hash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const openList = await (await owner.get(`/teams/${id}/people`)).text();
    expect(openList).toContain("Link to share");
    expect(openList).not.toContain(token);

    const visitor = client();
    const invitation = await visitor.get(`/teams/join/${token}`);
    expect(invitation.status).toBe(200);
    expect(invitation.headers.get("cache-control")).toBe("private, no-store");
    const page = await invitation.text();
    expect(page).toContain("Join linked team");
    expect(page).toContain("linked owner invited you to join as a facilitator");
    const back = `/sign-in?redirectTo=${encodeURIComponent(`/teams/join/${token}`)}`;
    expect(page).toContain(back.replaceAll("&", "&amp;"));
    const refused = await visitor.postForm(`/teams/join/${token}`, { intent: "accept" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/sign-in\?redirectTo=/);

    // Signing in from the invitation comes back to it.
    const signingIn = await visitor.postForm("/sign-in", {
      email: "linked-newcomer@example.com",
      password: TEST_PASSWORD,
      redirectTo: `/teams/join/${token}`,
    });
    expect(signingIn.status).toBe(302);
    expect(signingIn.headers.get("location")).toBe(`/teams/join/${token}`);
    const accepted = await visitor.postForm(`/teams/join/${token}`, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/teams/${id}`);
    expect((await rolesOf(id))["linked-newcomer@example.com"]).toBe("facilitator");
    expect((await visitor.get(`/teams/${id}/people`)).status).toBe(200);
    // Opening the link again as a member goes to the team.
    const again = await visitor.get(`/teams/join/${token}`);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/teams/${id}`);

    const late = await signedIn("linked-late@example.com", 1);
    const used = await late.get(`/teams/join/${token}`);
    expect(used.status).toBe(404);
    expect(await used.text()).toContain("This invitation has been used already");
    const usedPost = await late.postForm(`/teams/join/${token}`, { intent: "accept" });
    expect(usedPost.status).toBe(404);
    expect((await rolesOf(id))["linked-late@example.com"]).toBeUndefined();
    const [row] = await query("select accepted_at, accepted_by from team_invitations where team_id = $1", [id]);
    expect(row?.accepted_at).not.toBeNull();
    // Nothing any server logged carries the token.
    for (const server of cluster.servers) expect(server.output()).not.toContain(token);
  });

  it("lets a visitor without an account sign up from an invitation and come back to it once verified", async () => {
    const { teamId: id, emails } = await freshTeam("signup");
    const owner = await signedIn(emails.owner as string);
    const token = await linkInvitation(owner, id);
    const back = `/teams/join/${token}`;
    const visitor = client();
    const page = await (await visitor.get(back)).text();
    const signUp = `/sign-up?redirectTo=${encodeURIComponent(back)}`;
    expect(page).toContain(`href="${signUp}"`);
    const form = await (await visitor.get(signUp)).text();
    expect(form).toContain(`name="redirectTo" value="${back}"`);
    const created = await visitor.postForm("/sign-up", {
      fullName: "Sam Signup",
      email: "signup-new@example.com",
      password: TEST_PASSWORD,
      redirectTo: back,
    });
    expect(created.status).toBe(302);
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes("signup-new@example.com") && /verify/i.test(m.subject),
      15_000,
    );
    const verifyLink = linksIn(mail).find((l) => l.includes("/api/auth/verify-email")) as string;
    const { response, url } = await visitor.follow(verifyLink);
    expect(new URL(url).pathname).toBe("/verify-email");
    expect(new URL(url).searchParams.get("next")).toBe(back);
    const verified = await response.text();
    expect(verified).toContain("Continue where you left off");
    expect(verified).toContain(`href="${back}"`);
    const accepted = await visitor.postForm(back, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect((await rolesOf(id))["signup-new@example.com"]).toBe("member");
  });

  it("tells withdrawn, expired and unknown invitations apart, unknown and mistyped alike", async () => {
    const { teamId: id, emails } = await freshTeam("closed");
    const owner = await signedIn(emails.owner as string);
    const withdrawn = await linkInvitation(owner, id);
    const expired = await linkInvitation(owner, id);
    const [listed] = await query("select id from team_invitations where token_hash = $1", [hash(withdrawn)]);
    const revoke = { intent: "revoke", invitationId: String(listed?.id) };
    expect((await as("member").postForm(`/teams/${id}/people`, revoke)).status).toBe(404);
    const revoked = await owner.postForm(`/teams/${id}/people`, revoke);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe(`/teams/${id}/people?notice=revoked`);
    expect(await (await owner.get(`/teams/${id}/people?notice=revoked`)).text()).toContain(
      "The invitation is withdrawn",
    );
    expect((await owner.postForm(`/teams/${id}/people`, revoke)).status).toBe(404);
    await query("update team_invitations set expires_at = now() - interval '1 minute' where token_hash = $1", [
      hash(expired),
    ]);

    const someone = as("outsider");
    const text = async (token: string) => {
      const response = await someone.get(`/teams/join/${token}`);
      expect(response.status, token).toBe(404);
      const html = await response.text();
      expect(html).toContain("This invitation cannot be used");
      expect(html).not.toContain("closed team");
      return /<p class="mt-3 text-ink-muted">([^<]*)<\/p>/.exec(html)?.[1];
    };
    expect(await text(withdrawn)).toBe("This invitation was withdrawn by the team&#x27;s owner.");
    expect(await text(expired)).toMatch(/^This invitation has expired/);
    const unknown = await text(crypto.randomBytes(32).toString("base64url"));
    expect(unknown).toMatch(/^This invitation does not exist/);
    expect(await text(`${withdrawn.slice(0, -2)}zz`)).toBe(unknown);
    expect(await text("x".repeat(500))).toBe(unknown);
    for (const token of [withdrawn, expired]) {
      expect((await someone.postForm(`/teams/join/${token}`, { intent: "accept" })).status).toBe(404);
    }
    expect((await rolesOf(id))[TEAM_PERSONAS.outsider]).toBeUndefined();
  });

  it("mails an e-mail invitation through the outbox that only that address can accept", async () => {
    const { teamId: id, emails } = await freshTeam("mailed");
    await seedMembers({ databaseUrl: cluster.databaseUrl }, [{ email: "mailed-invitee@example.com", name: "Ivy" }]);
    const owner = await signedIn(emails.owner as string);
    const bad = await owner.postForm(`/teams/${id}/people`, { intent: "invite-email", email: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
    const sent = await owner.postForm(`/teams/${id}/people`, {
      intent: "invite-email",
      email: "Mailed-Invitee@Example.com",
      role: "member",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/teams/${id}/people?notice=invited`);
    const mail = await smtp.waitForMessage((m) => m.to.includes("mailed-invitee@example.com"), 15_000);
    expect(mail.subject).toBe("mailed owner invited you to mailed team on CircleUp");
    const link = linksIn(mail).find((l) => INVITE_LINK.test(l)) as string;
    expect(link).toBeDefined();
    const token = INVITE_LINK.exec(link)?.[1] as string;
    expect((await query("select email from team_invitations where token_hash = $1", [hash(token)]))[0]).toEqual({
      email: "mailed-invitee@example.com",
    });
    const list = await (await owner.get(`/teams/${id}/people`)).text();
    expect(list).toContain("mailed-invitee@example.com");

    const stranger = await signedIn(TEAM_PERSONAS.member, 1);
    const wrong = await stranger.postForm(new URL(link).pathname, { intent: "accept" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("This invitation is for m***@example.com");
    const invitee = await signedIn("mailed-invitee@example.com", 1);
    const accepted = await invitee.postForm(new URL(link).pathname, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect((await rolesOf(id))["mailed-invitee@example.com"]).toBe("member");
    const dup = await owner.postForm(`/teams/${id}/people`, {
      intent: "invite-email",
      email: "mailed-invitee@example.com",
    });
    expect(dup.status).toBe(409);
    for (const server of cluster.servers) expect(server.output()).not.toContain(token);
  });

  it("changes roles, removes, hands over and lets a non-owner leave", async () => {
    const { teamId: id, emails } = await freshTeam("moves", [
      { role: "facilitator", name: "fay" },
      { role: "member", name: "max" },
      { role: "member", name: "mia" },
    ]);
    const userId = async (email: string) => (await query("select id from users where email = $1", [email]))[0]?.id;
    const owner = await signedIn(emails.owner as string);
    const people = `/teams/${id}/people`;
    await query(
      `insert into meeting_series (team_id, name, meeting_context, question_style, engagement_level, weekday, time_of_day)
       values ($1, 'Stand-up', 'check-in', 'reflective', 'standard', 1, '09:00')`,
      [id],
    );
    await query(
      `insert into series_hosts (series_id, user_id, position)
       select s.id, m.user_id, row_number() over () from meeting_series s join team_members m on m.team_id = s.team_id where s.team_id = $1`,
      [id],
    );

    const promoted = await owner.postForm(people, {
      intent: "role",
      userId: await userId(emails.max as string),
      role: "facilitator",
    });
    expect(promoted.headers.get("location")).toBe(`${people}?notice=role`);
    const demoteOwner = await owner.postForm(people, {
      intent: "role",
      userId: await userId(emails.owner as string),
      role: "member",
    });
    expect(demoteOwner.status).toBe(409);
    const removed = await owner.postForm(people, { intent: "remove", userId: await userId(emails.mia as string) });
    expect(removed.headers.get("location")).toBe(`${people}?notice=removed`);
    const mia = await signedIn(emails.mia as string);
    expect((await mia.get(people)).status).toBe(404);
    const hosts = async () =>
      (
        await query(
          "select u.email from series_hosts h join users u on u.id = h.user_id join meeting_series s on s.id = h.series_id where s.team_id = $1 order by 1",
          [id],
        )
      ).map((r) => r.email);
    expect(await hosts()).not.toContain(emails.mia);

    const max = await signedIn(emails.max as string);
    const left = await max.postForm(people, { intent: "leave" });
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("/teams?notice=left");
    expect(await hosts()).toEqual([emails.fay, emails.owner].sort());

    const handedOver = await owner.postForm(people, { intent: "transfer", userId: await userId(emails.fay as string) });
    expect(handedOver.headers.get("location")).toBe(`${people}?notice=transferred`);
    expect(await rolesOf(id)).toEqual({ [emails.owner as string]: "facilitator", [emails.fay as string]: "owner" });
    expect((await owner.get(`/teams/${id}/settings`)).status).toBe(403);
    const fay = await signedIn(emails.fay as string, 1);
    const settings = await fay.get(`/teams/${id}/settings`);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain("Delete the team");
  });

  it("renames the team, changes its time zone, and deletes it only when its name is typed", async () => {
    const { teamId: id, emails } = await freshTeam("settings", [{ role: "member", name: "sam" }]);
    const owner = await signedIn(emails.owner as string);
    const path = `/teams/${id}/settings`;
    const bad = await owner.postForm(path, { intent: "save", name: "x".repeat(81), timeZone: "UTC" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("at most 80 characters");
    const saved = await owner.postForm(path, { intent: "save", name: "Renamed crew", timeZone: "America/New_York" });
    expect(saved.headers.get("location")).toBe(`${path}?notice=saved`);
    expect(await query("select name, time_zone from teams where id = $1", [id])).toEqual([
      { name: "Renamed crew", time_zone: "America/New_York" },
    ]);
    const wrong = await owner.postForm(path, { intent: "delete", confirmName: "settings team" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Type the team&#x27;s name, Renamed crew, to delete it");
    const deleted = await owner.postForm(path, { intent: "delete", confirmName: "Renamed crew" });
    expect(deleted.headers.get("location")).toBe("/teams?notice=deleted");
    expect(await query("select count(*)::int as n from team_members where team_id = $1", [id])).toEqual([{ n: 0 }]);
    expect((await owner.get(`/teams/${id}/people`)).status).toBe(404);
  });

  it("adds exactly one member when one link is accepted at once on both servers", async () => {
    const { teamId: id, emails } = await freshTeam("race");
    const racers = Array.from({ length: 8 }, (_, i) => `race-${i}@example.com`);
    await seedMembers(
      { databaseUrl: cluster.databaseUrl },
      racers.map((email) => ({ email })),
    );
    const owner = await signedIn(emails.owner as string);
    const token = await linkInvitation(owner, id);
    const clientsOf = await Promise.all(racers.map((email, i) => signedIn(email, i % 2)));
    const answers = await Promise.all(
      clientsOf.map((http) => http.postForm(`/teams/join/${token}`, { intent: "accept" })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([302, 404, 404, 404, 404, 404, 404, 404]);
    expect(Object.keys(await rolesOf(id))).toHaveLength(2);
  });

  it("limits how many invitations one owner makes in an hour", async () => {
    const { teamId: id, emails } = await freshTeam("limited");
    const owner = await signedIn(emails.owner as string);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await owner.postForm(`/teams/${id}/people`, { intent: "invite-link", role: "member" });
      statuses.push(response.status);
      if (i === 30) expect(await response.text()).toMatch(/Too many invitations: try again in \d+ minutes/);
      else await response.body?.cancel();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });

  it("hands a deleted owner's team to its facilitator", async () => {
    const { teamId: id, emails } = await freshTeam("gone", [
      { role: "member", name: "early" },
      { role: "facilitator", name: "fay" },
    ]);
    const owner = await signedIn(emails.owner as string);
    const deleted = await owner.postForm("/profile", { intent: "delete", password: TEST_PASSWORD, confirm: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/sign-in?notice=accountDeleted");
    expect(await rolesOf(id)).toEqual({ [emails.early as string]: "member", [emails.fay as string]: "owner" });
  });
});
