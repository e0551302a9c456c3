import { Form, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { Users } from "~/components/icons";
import { TEAM_ROLE_LABELS } from "~/shared/teams";

type Invitation = {
  teamName: string;
  inviterName: string | null;
  role: "facilitator" | "member";
  forEmail: string | null;
};

function invitedAs({ inviterName, role, forEmail }: Invitation): string {
  const who = `${inviterName ?? "The team's owner"} invited you to join as a ${TEAM_ROLE_LABELS[role].toLowerCase()}.`;
  return forEmail ? `${who} The invitation is for ${forEmail}.` : who;
}

/** An invitation: which team, who invited, as what; Accept or Decline, or sign in first and come back. */
export function InvitationPage({
  invitation,
  message,
  signIn,
  error,
}: {
  invitation: Invitation | null;
  message: string | null;
  signIn: { signIn: string; signUp: string } | null;
  error: string | null;
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-line bg-white p-6 sm:p-8">
        <Users className="h-8 w-8 text-brand-700" aria-hidden="true" />
        {invitation ? (
          <>
            <h1 className="mt-3 font-serif text-2xl font-semibold text-ink sm:text-3xl">{`Join ${invitation.teamName}`}</h1>
            <p className="mt-3 text-ink-muted">{invitedAs(invitation)}</p>
            {error && (
              <div className="mt-4">
                <FormMessage tone="error">{error}</FormMessage>
              </div>
            )}
            {signIn ? (
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to={signIn.signIn} className={primaryButton}>
                  Sign in to accept
                </Link>
                <Link to={signIn.signUp} className={secondaryButton}>
                  Create an account
                </Link>
              </div>
            ) : (
              <Form method="post" className="mt-6 flex flex-wrap gap-3">
                <SubmitButton intent="accept" pendingLabel="Joining...">
                  Accept
                </SubmitButton>
                <Link to="/teams" className={secondaryButton}>
                  Decline
                </Link>
              </Form>
            )}
          </>
        ) : (
          <>
            <h1 className="mt-3 font-serif text-2xl font-semibold text-ink sm:text-3xl">
              This invitation cannot be used
            </h1>
            <p className="mt-3 text-ink-muted">{message}</p>
            <Link to="/teams" className={`${secondaryButton} mt-6`}>
              Your teams
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
