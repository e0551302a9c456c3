import { Link } from "react-router";
import { type TeamRole, teamRoleCan } from "~/shared/teams";

export type TeamSection = "overview" | "history" | "questions" | "people" | "settings";

const SECTIONS: { section: TeamSection; label: string; path: string }[] = [
  { section: "overview", label: "Meetings", path: "" },
  { section: "history", label: "History", path: "/history" },
  { section: "questions", label: "Questions", path: "/questions" },
  { section: "people", label: "People", path: "/people" },
  { section: "settings", label: "Settings", path: "/settings" },
];

/** The top of every team page: the team's name and its sections; Settings only for those who may change them. */
export function TeamNav({
  teamId,
  teamName,
  role,
  current,
}: {
  teamId: string;
  teamName: string;
  role: TeamRole;
  current: TeamSection;
}) {
  const shown = SECTIONS.filter(({ section }) => section !== "settings" || teamRoleCan(role, "manage-settings"));
  return (
    <header className="mb-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
        <Link to="/teams" className="hover:underline">
          Your teams
        </Link>
      </p>
      <h1 className="mt-1 font-serif text-2xl font-semibold text-ink sm:text-4xl">{teamName}</h1>
      {/* Spread over the row on a phone with little padding, so all five fit 390 px (scrolling is the narrower phone's fallback). */}
      <nav aria-label="Team" className="mt-4 -mx-4 overflow-x-auto px-4">
        <ul className="flex justify-between gap-2 border-b border-line sm:justify-start sm:gap-1">
          {shown.map(({ section, label, path }) => (
            <li key={section}>
              <Link
                to={`/teams/${teamId}${path}`}
                aria-current={section === current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-1 text-sm font-medium sm:px-3 ${
                  section === current
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-ink-muted hover:text-ink"
                }`}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
