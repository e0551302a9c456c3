import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../support/cluster";
import { skipOrFail } from "../support/loud-skip";
import { signIn } from "../support/members";
import { findPostgresBin } from "../support/postgres";
import { seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";

/**
 * Team memory lives in PostgreSQL: what one server records (a question
 * asked, "not for this team") the other never serves the team again.
 */
const CHOICE = { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "standard" } as const;

describe("team memory across two servers on one PostgreSQL", () => {
  let cluster: Cluster | null = null;
  let db: pg.Client;
  let teamId: string;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL && !findPostgresBin()) {
      skipOrFail("the team memory cluster test", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    cluster = await startCluster({ env: { TRUST_PROXY: "1" } });
    if (!cluster) return;
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  it("one server records a use and a hide, the other never serves them to the team", async () => {
    if (!cluster) return;
    // Two fitting questions the team never used; every other question it used ten days ago.
    const { rows } = await db.query<{ id: string }>(
      `select id from questions where status = 'published' and not meeting_bound
         and meeting_context = $1 and question_style = $2 and engagement_level = $3 order by id limit 2`,
      [CHOICE.meetingContext, CHOICE.questionStyle, CHOICE.engagementLevel],
    );
    const [asked, notForUs] = rows.map((r) => r.id) as [string, string];
    await db.query(
      `insert into team_question_uses (team_id, question_id, how, used_at)
       select $1, id, 'asked', now() - interval '10 days' from questions
        where status = 'published' and id <> all($2::uuid[])`,
      [teamId, [asked, notForUs]],
    );
    const owner = cluster.client(0, "198.51.100.10");
    const host = cluster.client(1, "198.51.100.11");
    await signIn(owner, TEAM_PERSONAS.owner);
    await signIn(host, TEAM_PERSONAS.facilitator);

    const hidden = await owner.request(`/api/v1/teams/${teamId}/hidden/${notForUs}`, { method: "PUT" });
    expect(hidden.status).toBe(200);
    const used = await owner.postJson(`/api/v1/teams/${teamId}/uses`, { questionId: asked, how: "asked" });
    expect(used.status).toBe(201);

    const seenIds: string[] = [];
    for (let draw = 0; draw < 10; draw++) {
      const response = await host.postJson("/api/v1/generate-question", { ...CHOICE, teamId, seenIds });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      expect(id).not.toBe(notForUs);
      // Just asked on the other server: every question used longer ago comes first.
      expect(id).not.toBe(asked);
      seenIds.push(id);
    }
  });
});
