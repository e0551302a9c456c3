import { useId } from "react";
import { Form, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { Users } from "~/components/icons";
import { CHAT_PLATFORM_LABELS, type ChatPlatformName } from "~/shared/chat";

type Place = { platform: ChatPlatformName; workspaceName: string | null; channelName: string | null };

function placeName(place: Place): string {
  const channel = place.channelName ? `“${place.channelName}”` : "this channel";
  return place.workspaceName ? `${channel} in ${place.workspaceName}` : channel;
}

/**
 * Where a chat app's connect link lands: which channel, and the teams this
 * person may connect it to (those whose settings they manage). One team is
 * chosen up front; without any, the way to make one.
 */
export function ChatConnectPage({
  place,
  teams,
  message,
  error,
}: {
  place: Place | null;
  teams: { id: string; name: string }[];
  message: string | null;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-line bg-white p-6 sm:p-8">
        <Users className="h-8 w-8 text-brand-700" aria-hidden="true" />
        {!place ? (
          <>
            <h1 className="mt-3 font-serif text-2xl font-semibold text-ink sm:text-3xl">
              This link cannot connect a channel
            </h1>
            <p className="mt-3 text-ink-muted">{message}</p>
            <Link to="/teams" className={`${secondaryButton} mt-6`}>
              Your teams
            </Link>
          </>
        ) : (
          <>
            <h1 className="mt-3 font-serif text-2xl font-semibold text-ink sm:text-3xl">
              Connect {CHAT_PLATFORM_LABELS[place.platform]}
            </h1>
            <p className="mt-3 text-ink-muted">
              The team you pick gets its rounds posted to {placeName(place)}. People answer there or on their phones,
              and answers stay hidden until the host reveals them.
            </p>
            {error && (
              <div className="mt-4">
                <FormMessage tone="error">{error}</FormMessage>
              </div>
            )}
            {teams.length === 0 ? (
              <>
                <p className="mt-4 text-ink">
                  Only a team&apos;s owner can connect a channel, and you own no team yet.
                </p>
                <Link to="/teams" className={`${primaryButton} mt-6`}>
                  Create a team
                </Link>
              </>
            ) : (
              <Form method="post" className="mt-6 space-y-4" noValidate>
                <div>
                  <label htmlFor={id} className="block text-sm font-semibold text-ink">
                    Team
                  </label>
                  <select
                    id={id}
                    name="teamId"
                    defaultValue={teams[0]?.id}
                    className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
                  >
                    {teams.map((team) => (
                      <option key={team.id} value={team.id}>
                        {team.name}
                      </option>
                    ))}
                  </select>
                </div>
                <SubmitButton intent="connect" pendingLabel="Connecting...">
                  Connect this channel
                </SubmitButton>
              </Form>
            )}
          </>
        )}
      </div>
    </div>
  );
}
