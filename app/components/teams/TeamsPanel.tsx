import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { ChatConnection } from "~/shared/chat";
import { FormError } from "./FormError";

/** What the settings page knows of Microsoft Teams: whether the server offers it, and the team's connection. */
export type TeamsChatView = { available: boolean; connection: ChatConnection | null };

/**
 * Microsoft Teams connects from inside Teams: the app is added to a
 * channel, it posts a card there, and an owner presses Connect in it (the
 * channel is then this team's). Here the steps, or the connected channel
 * and Disconnect, which deletes what the app keeps of the channel.
 */
export function TeamsPanel({ teams, result }: { teams: TeamsChatView; result?: { form: string; error?: string } }) {
  if (!teams.available) return null;
  const { connection } = teams;
  return (
    <section
      id="chat-teams"
      aria-labelledby="chat-teams-title"
      className="rounded-3xl border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="chat-teams-title" className="font-serif text-xl font-semibold text-ink">
        Microsoft Teams
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Post the team&apos;s rounds to a Teams channel: people answer in the card or on their phones, in the same round.
        Answers stay hidden until the host reveals them.
      </p>
      <FormError result={result} form="teams-chat" />
      {!connection ? (
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-ink">
          <li>
            Get the CircleUp app for Teams: your Teams admin may have it in your organisation&apos;s apps already;
            otherwise ask whoever runs CircleUp for its app package and upload it in Teams (Apps, Manage your apps,
            Upload an app).
          </li>
          <li>Add the CircleUp app to a channel of your team. It posts a card there.</li>
          <li>
            Press <strong>Connect to CircleUp</strong> in the card and pick this team. Lost the card? Write
            &ldquo;connect&rdquo; to the app in the channel.
          </li>
        </ol>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-ink">
            Connected to <strong>{connection.channel?.name ?? "a channel"}</strong>
            {connection.workspaceName ? (
              <>
                {" "}
                in <strong>{connection.workspaceName}</strong>
              </>
            ) : null}
            : the team&apos;s rounds are posted there.
          </p>
          <Form method="post" noValidate>
            <SubmitButton intent="teams-disconnect" pendingLabel="Disconnecting..." variant="danger">
              Disconnect Microsoft Teams
            </SubmitButton>
          </Form>
        </div>
      )}
    </section>
  );
}
