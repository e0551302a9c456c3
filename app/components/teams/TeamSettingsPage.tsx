import { Form } from "react-router";
import { ApiTokensSection, type TokenFormResult } from "~/components/account/ApiTokensSection";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import type { TokenListing } from "~/shared/api-tokens";
import { TEAM_NAME_MAX, type TeamRole } from "~/shared/teams";
import { ChatSection, type SlackSettingsView } from "./ChatSection";
import { DiscordPanel, type DiscordSettingsView } from "./DiscordPanel";
import { FormError } from "./FormError";
import { GoogleChatPanel, type GoogleChatSettingsView } from "./GoogleChatPanel";
import { type ChatNoticesView, QuestionOfDaySection } from "./QuestionOfDaySection";
import { TeamNav } from "./TeamNav";
import { type TeamsChatView, TeamsPanel } from "./TeamsPanel";
import { TimeZoneField } from "./TimeZoneField";

/** The owner's page: the team's name and time zone, and deleting the team with everything in it. */
export function TeamSettingsPage({
  team,
  timeZones,
  notice,
  tokens,
  slack,
  discord,
  teamsChat,
  googleChat,
  chatNotices,
  result,
}: {
  team: { id: string; name: string; timeZone: string; role: TeamRole };
  timeZones: string[];
  notice: string | null;
  tokens: TokenListing[];
  slack: SlackSettingsView;
  discord: DiscordSettingsView;
  teamsChat: TeamsChatView;
  googleChat: GoogleChatSettingsView;
  chatNotices: ChatNoticesView;
  result?: { form: string; error?: string } & TokenFormResult;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <TeamNav teamId={team.id} teamName={team.name} role={team.role} current="settings" />
      <div className="space-y-6">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        <section aria-labelledby="settings-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
          <h2 id="settings-title" className="font-serif text-xl font-semibold text-ink">
            Name and time zone
          </h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <FormError result={result} form="settings" />
            <TextField
              label="Team name"
              name="name"
              required
              maxLength={TEAM_NAME_MAX}
              defaultValue={team.name}
              autoComplete="off"
            />
            <TimeZoneField zones={timeZones} value={team.timeZone} />
            <SubmitButton intent="save" pendingLabel="Saving...">
              Save
            </SubmitButton>
          </Form>
        </section>
        <ChatSection teamId={team.id} slack={slack} result={result?.form === "chat" ? result : undefined} />
        <DiscordPanel teamId={team.id} discord={discord} result={result?.form === "discord" ? result : undefined} />
        <TeamsPanel teams={teamsChat} result={result?.form === "teams-chat" ? result : undefined} />
        <GoogleChatPanel
          teamId={team.id}
          googleChat={googleChat}
          result={result?.form === "google-chat" ? result : undefined}
        />
        <QuestionOfDaySection
          chat={chatNotices}
          timeZone={team.timeZone}
          result={result?.form === "question-of-day" ? result : undefined}
        />
        <ApiTokensSection tokens={tokens} forTeam={team.name} result={result?.form === "tokens" ? result : undefined} />
        <section aria-labelledby="delete-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
          <h2 id="delete-title" className="font-serif text-xl font-semibold text-ink">
            Delete the team
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            This deletes the team for everyone: its people, invitations, series, meetings, history, collection and
            private questions. It cannot be undone.
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <FormError result={result} form="delete" />
            <TextField label={`Type the team's name, ${team.name}, to confirm`} name="confirmName" autoComplete="off" />
            <SubmitButton intent="delete" pendingLabel="Deleting..." variant="danger">
              Delete team
            </SubmitButton>
          </Form>
        </section>
      </div>
    </div>
  );
}
