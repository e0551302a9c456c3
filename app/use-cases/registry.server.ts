import * as apiTokens from "./accounts/api-tokens.server";
import * as contactAndNews from "./accounts/contact-and-news.server";
import * as profile from "./accounts/profile.server";
import * as admin from "./admin/admin.server";
import * as billing from "./billing/billing.server";
import * as chat from "./chat/chat.server";
import * as community from "./community/community.server";
import { STEP_ERRORS } from "./execute.server";
import * as generation from "./generation/generation.server";
import * as live from "./live/rounds.server";
import * as plans from "./plans/plans.server";
import * as questions from "./questions/questions.server";
import * as meetings from "./teams/meetings.server";
import * as series from "./teams/series.server";
import * as teamQuestions from "./teams/team-questions.server";
import * as teams from "./teams/teams.server";
import type { AnyUseCase } from "./use-case";

const MODULES = [
  community,
  questions,
  generation,
  admin,
  plans,
  profile,
  apiTokens,
  contactAndNews,
  billing,
  teams,
  teamQuestions,
  meetings,
  series,
  live,
  chat,
];

const isUseCase = (value: unknown): value is AnyUseCase =>
  typeof value === "object" && value !== null && "run" in value && "actors" in value && "name" in value;

/**
 * Every use case, by name: what the API's description, the chat adapters
 * and the job runner read (each adapter decides which it offers). A use
 * case module is listed above once; everything it exports is registered.
 */
export const USE_CASES: ReadonlyMap<string, AnyUseCase> = new Map(
  MODULES.flatMap((module) => Object.values(module).filter(isUseCase)).map((useCase) => [useCase.name, useCase]),
);

/** Every code a use case may answer: those of the steps it goes through, then its own. */
export function errorsOf(useCase: AnyUseCase): string[] {
  const steps = STEP_ERRORS.filter((code) => {
    if (code === "TEAM_NOT_FOUND" || code === "TEAM_ROLE_CANNOT") return useCase.team !== undefined;
    if (code === "RATE_LIMITED") return useCase.limit !== undefined;
    if (code === "UNAUTHENTICATED") return !useCase.actors.includes("visitor") || useCase.team !== undefined;
    if (code === "ADMIN_REQUIRED") return useCase.actors.includes("admin");
    if (code === "TOKEN_SCOPE_MISSING") return useCase.actors.includes("token");
    return true;
  });
  return [...new Set([...steps, ...useCase.errors])];
}
