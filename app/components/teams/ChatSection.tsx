import { useId } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { ChatConnection } from "~/shared/chat";
import { FormError } from "./FormError";

/** What the settings page knows of Slack: whether the server offers it, the connection and its channels. */
export type SlackSettingsView = {
  available: boolean;
  connection: ChatConnection | null;
  /** The workspace's public channels, when connected. */
  channels: { id: string; name: string }[];
};

/**
 * Connecting the team's Slack workspace and picking the channel its rounds
 * are posted to; disconnecting deletes the token. Offered only where the
 * server has a Slack app configured.
 */
export function ChatSection({
  teamId,
  slack,
  result,
}: {
  teamId: string;
  slack: SlackSettingsView;
  result?: { form: string; error?: string };
}) {
  const id = useId();
  if (!slack.available) return null;
  const { connection, channels } = slack;
  return (
    <section id="chat" aria-labelledby="chat-title" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id="chat-title" className="font-serif text-xl font-semibold text-ink">
        Slack
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Post the team&apos;s rounds to a channel: people answer there or on their phones, in the same round. Answers
        stay hidden until the host reveals them.
      </p>
      <FormError result={result} form="chat" />
      {!connection ? (
        <Form method="post" className="mt-4" noValidate>
          <input type="hidden" name="teamId" value={teamId} />
          <SubmitButton intent="slack-connect" pendingLabel="Opening Slack...">
            Connect Slack
          </SubmitButton>
        </Form>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-ink">
            Connected to <strong>{connection.workspaceName ?? "a Slack workspace"}</strong>
            {connection.channel ? (
              <>
                ; rounds go to <strong>#{connection.channel.name ?? connection.channel.id}</strong>.
              </>
            ) : (
              <>. Pick the channel for the team&apos;s rounds.</>
            )}
          </p>
          <Form method="post" className="space-y-3" noValidate>
            <label htmlFor={id} className="block text-sm font-semibold text-ink">
              Channel
            </label>
            <select
              id={id}
              name="channelId"
              defaultValue={connection.channel?.id ?? ""}
              className="block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
            >
              {!connection.channel && <option value="">Choose a channel</option>}
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  #{channel.name}
                </option>
              ))}
            </select>
            <SubmitButton intent="slack-channel" pendingLabel="Saving...">
              Use this channel
            </SubmitButton>
          </Form>
          <Form method="post" noValidate>
            <SubmitButton intent="slack-disconnect" pendingLabel="Disconnecting..." variant="danger">
              Disconnect Slack
            </SubmitButton>
          </Form>
        </div>
      )}
    </section>
  );
}
