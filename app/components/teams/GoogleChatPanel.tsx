import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { ChatConnection } from "~/shared/chat";
import { FormError } from "./FormError";

/** What the settings page knows of Google Chat: whether the server offers it, and the connected space. */
export type GoogleChatSettingsView = { available: boolean; connection: ChatConnection | null };

/**
 * Google Chat is connected from inside Chat: the app, added to a space,
 * answers with a Connect button that brings an owner here. The panel says
 * how, then which space the rounds go to and lets the owner disconnect it.
 */
export function GoogleChatPanel({
  teamId,
  googleChat,
  result,
}: {
  teamId: string;
  googleChat: GoogleChatSettingsView;
  result?: { form: string; error?: string };
}) {
  if (!googleChat.available) return null;
  const space = googleChat.connection?.channel;
  return (
    <section
      id="google-chat"
      aria-labelledby="google-chat-title"
      className="rounded-3xl border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="google-chat-title" className="font-serif text-xl font-semibold text-ink">
        Google Chat
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Post the team&apos;s rounds to a Google Chat space: people answer there or on their phones, in the same round.
        Answers stay hidden until the host reveals them.
      </p>
      <FormError result={result} form="google-chat" />
      {!space ? (
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-ink">
          <li>In Google Chat, add the CircleUp app to the space where the team talks.</li>
          <li>
            Press <strong>Connect to CircleUp</strong> in the card the app posts, and pick <strong>this team</strong>.
          </li>
        </ol>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-ink">
            Connected to the space <strong>{space.name ?? space.id}</strong>: the team&apos;s rounds are posted there.
          </p>
          <Form method="post" noValidate>
            <input type="hidden" name="teamId" value={teamId} />
            <SubmitButton intent="google-chat-disconnect" pendingLabel="Disconnecting..." variant="danger">
              Disconnect Google Chat
            </SubmitButton>
          </Form>
        </div>
      )}
    </section>
  );
}
