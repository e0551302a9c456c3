import { lazy, Suspense, useEffect } from "react";
import { afterFirstInteraction } from "~/lib/first-interaction";
import { useSignUpOffer } from "~/lib/sign-up-prompt";

const loadCard = () => import("./SignUpInvitationCard");
const SignUpInvitationCard = lazy(loadCard);

/**
 * Where a visitor's one sign-up invitation stands (under the generator's
 * Generate, at the foot of a list card): in the page's flow, so it covers
 * nothing. The place's live region is always there, so the invitation is
 * announced when it arrives; it takes no focus. Only an action invites, so
 * its code comes with the visitor's first interaction, not with the page.
 */
export function SignUpInvitation({ place, className = "" }: { place: string; className?: string }) {
  const offer = useSignUpOffer(place);
  useEffect(() => afterFirstInteraction(() => void loadCard().catch(() => {})), []);
  return (
    <div aria-live="polite">
      {offer && (
        <Suspense fallback={null}>
          <SignUpInvitationCard offer={offer} className={className} />
        </Suspense>
      )}
    </div>
  );
}
