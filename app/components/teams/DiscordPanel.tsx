import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { ChatConnection } from "~/shared/chat";
import { FormError } from "./FormError";

/** What the settings page knows of Discord: whether the server offers it, and the connection. */
export type DiscordSettingsView = {
  available: boolean;
  connection: ChatConnection | null;
  /** The connection's guild id, for the link to its channel in Discord. */
  guildId: string | null;
};

/**
 * Connecting the team's Discord server. The channel is picked on Discord's
 * own page during the install (it makes a webhook there), so this shows
 * where rounds go and offers Disconnect, which deletes the webhook's token.
 * Offered only where the server has a Discord application configured.
 */
export function DiscordPanel({
  teamId,
  discord,
  result,
}: {
  teamId: string;
  discord: DiscordSettingsView;
  result?: { form: string; error?: string };
}) {
  if (!discord.available) return null;
  const { connection, guildId } = discord;
  const channel = connection?.channel;
  return (
    <section
      id="discord"
      aria-labelledby="discord-title"
      className="rounded-3xl border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="discord-title" className="font-serif text-xl font-semibold text-ink">
        Discord
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Post the team&apos;s rounds to a Discord channel: people answer there or on their phones, in the same round.
        Answers stay hidden until the host reveals them. You pick the channel on Discord&apos;s page.
      </p>
      <FormError result={result} form="discord" />
      {!connection ? (
        <Form method="post" className="mt-4" noValidate>
          <input type="hidden" name="teamId" value={teamId} />
          <SubmitButton intent="discord-connect" pendingLabel="Opening Discord...">
            Connect Discord
          </SubmitButton>
        </Form>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-ink">
            Connected to <strong>{connection.workspaceName ?? "a Discord server"}</strong>
            {channel && guildId ? (
              <>
                ; rounds go to{" "}
                <a
                  href={`https://discord.com/channels/${guildId}/${channel.id}`}
                  className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
                >
                  {channel.name ? `#${channel.name}` : "the channel picked in Discord"}
                </a>
                .
              </>
            ) : (
              "."
            )}
          </p>
          <Form method="post" noValidate>
            <SubmitButton intent="discord-disconnect" pendingLabel="Disconnecting..." variant="danger">
              Disconnect Discord
            </SubmitButton>
          </Form>
        </div>
      )}
    </section>
  );
}
