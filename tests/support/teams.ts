import { eq } from "drizzle-orm";
import { type Database, openDatabase } from "~/db/database.server";
import { meetingSeries, teamMembers, teams, users } from "~/db/schema";
import { WEEKDAYS } from "~/shared/series";
import type { TeamRole } from "~/shared/teams";
import { type MemberTarget, seedMembers } from "./members";

/** The people every team access test tries: one of each role, a signed-in outsider, and a visitor (no account). */
export const TEAM_PERSONAS = {
  owner: "owner@team.example",
  facilitator: "facilitator@team.example",
  member: "member@team.example",
  outsider: "outsider@team.example",
} as const;

/** A seeded team's time zone unless the seed names another. */
const SEEDED_TIME_ZONE = "Europe/Berlin";

/**
 * Where an instant falls on a team's clock (a seeded team's by default), as
 * a series asks for it: the weekday's index and "HH:MM".
 */
export function onTeamClock(at: Date, timeZone = SEEDED_TIME_ZONE): { weekday: number; timeOfDay: string } {
  const clock = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-GB", { timeZone, ...options }).format(at);
  return {
    weekday: WEEKDAYS.indexOf(clock({ weekday: "long" }) as (typeof WEEKDAYS)[number]),
    timeOfDay: clock({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  };
}

export type TeamSeed = { name?: string; timeZone?: string; members: { email: string; role: TeamRole }[] };

/** Writes a team and its members (who must already exist) straight into the database; answers the team's id. */
export async function seedTeam(target: MemberTarget, seed: TeamSeed): Promise<string> {
  const handle = await openDatabase(
    "databaseUrl" in target ? { databaseUrl: target.databaseUrl, dataDir: "" } : { dataDir: target.dataDir },
  );
  try {
    const [team] = await handle.db
      .insert(teams)
      .values({ name: seed.name ?? "Platform team", timeZone: seed.timeZone ?? SEEDED_TIME_ZONE })
      .returning({ id: teams.id });
    if (!team) throw new Error("Could not seed the team");
    for (const { email, role } of seed.members) {
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      if (!user) throw new Error(`Seed ${email} as a member before adding them to a team`);
      await handle.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role });
    }
    return team.id;
  } finally {
    await handle.close();
  }
}

/** Seeds the four personas with accounts and one team holding the owner, the facilitator and the member. */
export async function seedTeamWithPersonas(target: MemberTarget, name = "Platform team"): Promise<string> {
  await seedMembers(
    target,
    Object.entries(TEAM_PERSONAS).map(([persona, email]) => ({
      email,
      name: `${persona[0]?.toUpperCase()}${persona.slice(1)} Person`,
    })),
  );
  return seedTeam(target, {
    name,
    members: [
      { email: TEAM_PERSONAS.owner, role: "owner" },
      { email: TEAM_PERSONAS.facilitator, role: "facilitator" },
      { email: TEAM_PERSONAS.member, role: "member" },
    ],
  });
}

/** Writes a series of the team straight into the database: a Monday 09:30 stand-up with the pulse, unless told otherwise. */
export async function insertSeries(
  db: Database,
  teamId: string,
  values: Partial<Omit<typeof meetingSeries.$inferInsert, "teamId">> = {},
): Promise<string> {
  const [series] = await db
    .insert(meetingSeries)
    .values({
      teamId,
      name: "Monday stand-up",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      weekday: 1,
      timeOfDay: "09:30",
      pulse: true,
      ...values,
    })
    .returning({ id: meetingSeries.id });
  if (!series) throw new Error("Could not seed the series");
  return series.id;
}
