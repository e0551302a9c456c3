import type { TeamAccess } from "~/domain/teams/access.server";
import type { TeamAbility } from "~/shared/teams";
import type { TeamDeclaration, UseCaseScope } from "../use-case";

/** The team a use case is about: its input's `teamId`, with the ability the call needs there. */
export function inTeam<I extends { teamId: string }>(ability: TeamAbility): TeamDeclaration<I> {
  return { ability, field: "teamId" as Extract<keyof I, string> };
}

/** The access the team step granted: a use case that names its team always gets one, or is refused before run(). */
export function teamOf(scope: UseCaseScope): TeamAccess {
  if (!scope.team) throw new Error("A team use case ran without the team step");
  return scope.team;
}
