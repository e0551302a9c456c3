import { FormMessage } from "~/components/forms/FormMessage";
import type { PeopleActionResult } from "~/shared/team-pages";
import { type TeamRole, teamRoleCan } from "~/shared/teams";
import { InviteSection } from "./InviteSection";
import { LeaveSection } from "./LeaveSection";
import { OpenInvitations, type ShownInvitation } from "./OpenInvitations";
import { PeopleList, type ShownPerson } from "./PeopleList";
import { TeamNav } from "./TeamNav";
import { TransferSection } from "./TransferSection";

/** The team's people: everyone sees who is in it; the owner invites, changes roles, removes and hands over. */
export function PeoplePage({
  team,
  people,
  invitations,
  notice,
  result,
}: {
  team: { id: string; name: string; role: TeamRole; viewerId: string };
  people: ShownPerson[];
  invitations: ShownInvitation[];
  notice: string | null;
  result?: PeopleActionResult;
}) {
  const manages = teamRoleCan(team.role, "manage-people");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <TeamNav teamId={team.id} teamName={team.name} role={team.role} current="people" />
      <div className="space-y-6">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {manages && <InviteSection result={result} />}
        <PeopleList people={people} viewerId={team.viewerId} manages={manages} result={result} />
        {manages && <OpenInvitations invitations={invitations} result={result} />}
        {manages && <TransferSection candidates={people.filter((p) => p.userId !== team.viewerId)} result={result} />}
        {team.role !== "owner" && <LeaveSection teamName={team.name} result={result} />}
      </div>
    </div>
  );
}
