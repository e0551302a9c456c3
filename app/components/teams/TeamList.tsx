import { Link } from "react-router";
import { Users } from "~/components/icons";
import { TEAM_ROLE_LABELS, type TeamRole } from "~/shared/teams";

export type ListedTeam = { teamId: string; name: string; role: TeamRole; memberCount: number };

/** The teams a person is in, each a link to its page, with their role and the team's size. */
export function TeamList({ teams }: { teams: ListedTeam[] }) {
  if (teams.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-ink-muted">
        You are not in a team yet. Create one below, or open an invitation link someone sent you.
      </p>
    );
  }
  return (
    <ul aria-label="Your teams" className="grid gap-3">
      {teams.map((team) => (
        <li key={team.teamId}>
          <Link
            to={`/teams/${team.teamId}`}
            className="flex min-h-11 items-center justify-between gap-3 rounded-2xl border border-line bg-white p-4 hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink">{team.name}</span>
              <span className="text-sm text-ink-muted">{TEAM_ROLE_LABELS[team.role]}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1.5 text-sm text-ink-muted">
              <Users className="h-4 w-4" aria-hidden="true" />
              {team.memberCount === 1 ? "1 person" : `${team.memberCount} people`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
