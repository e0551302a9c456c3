import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import type { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { insertSeries, seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";

/**
 * A team round across two app servers on one PostgreSQL database: the host
 * starts and ends it on one, the team answers on the other; the recap and
 * the pulse point are there on either server afterwards.
 */
describe("a team round across two servers", () => {
  let cluster: Cluster | null = null;
  let teamId = "";
  let seriesId = "";

  beforeAll(async () => {
    cluster = await startClusterOrSkip("the team round across two servers");
    if (!cluster) return;
    teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
    const handle = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" });
    try {
      seriesId = await insertSeries(handle.db, teamId);
    } finally {
      await handle.close();
    }
  }, 180_000);
  afterAll(async () => cluster?.stop());

  async function signedIn(server: number, email: string, ip: string): Promise<HttpClient> {
    if (!cluster) throw new Error("no cluster");
    const client = cluster.client(server, ip);
    await signIn(client, email);
    return client;
  }

  it("keeps the recap and the pulse whichever server ended the round or shows it", async () => {
    if (!cluster) return;
    const owner = await signedIn(0, TEAM_PERSONAS.owner, "198.51.100.10");
    const member = await signedIn(1, TEAM_PERSONAS.member, "198.51.100.11");
    const facilitator = await signedIn(1, TEAM_PERSONAS.facilitator, "198.51.100.12");

    // The question prepared for the next meeting is the database's: both servers show the one drawn first,
    // and a draw on one is what the other shows.
    const prepared = async (client: HttpClient) =>
      /name="questionId" value="([0-9a-f-]{36})"/.exec(await (await client.get(`/teams/${teamId}`)).text())?.[1];
    const [onFirst, onSecond] = await Promise.all([prepared(owner), prepared(facilitator)]);
    expect(onFirst).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSecond).toBe(onFirst);
    const drawn = await facilitator.postForm(`/teams/${teamId}`, {
      intent: "draw",
      seriesId,
      questionId: onFirst ?? "",
    });
    expect(drawn.status).toBe(200);
    const questionId = (await prepared(owner)) ?? "";
    expect(questionId).not.toBe(onFirst);
    expect(await prepared(facilitator)).toBe(questionId);
    const started = await owner.postForm(`/teams/${teamId}`, { seriesId });
    expect(started.headers.get("location")).toContain(`?q=${questionId}`);
    const meetingPath = new URL(started.headers.get("location") ?? "", cluster.url).pathname;
    expect(meetingPath).toMatch(/^\/teams\/[0-9a-f-]{36}\/meetings\/[0-9a-f-]{36}$/);
    const round = await owner.postForm(meetingPath, { intent: "round", questionIds: questionId });
    const code = /\/live\/([A-Z0-9]{6})\/host$/.exec(round.headers.get("location") ?? "")?.[1] ?? "";
    expect(code).not.toBe("");

    // On the other server: the member's name is in the join form, guests' is not.
    const page = await (await member.get(`/live/${code}`)).text();
    expect(page).toContain('value="Member Person"');
    const guests = [cluster.client(1, "198.51.100.13"), cluster.client(1, "198.51.100.14")];
    expect(await (await guests[0]?.get(`/live/${code}`))?.text()).not.toContain("Member Person");
    for (const [i, person] of [member, ...guests].entries()) {
      if (!person) continue;
      expect((await person.postJson(`/api/v1/rounds/${code}/join`, { name: `Person ${i}` })).status).toBe(201);
      const answered = await person.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, choice: 4 });
      expect(answered.status).toBeLessThan(300);
    }
    const ended = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "end", position: 0 });
    expect(ended.status).toBe(200);

    // React separates text it joined with empty comments.
    const text = async (response: Promise<Response>) => (await (await response).text()).replaceAll("<!-- -->", "");
    const meeting = await text(facilitator.get(meetingPath));
    expect(meeting).toContain("Team round recap");
    expect(meeting).toContain("3 answered");
    const series = await text(facilitator.get(`/teams/${teamId}/series/${seriesId}`));
    expect(series.match(/data-pulse-point/g)?.length).toBe(1);
    expect(series).toContain("0 / 0 / 0 / 0 / 3");
  }, 120_000);
});
