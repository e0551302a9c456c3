import { Link } from "react-router";
import { useFeatures } from "~/lib/use-features";
import { offersBilling } from "~/shared/navigation";

/** The page's title and who is signed in, on which plan; the billing page where it does something. */
export function ProfileHeading({
  email,
  plan,
  isAdmin,
}: {
  email: string;
  plan: "free" | "premium";
  isAdmin: boolean;
}) {
  const billing = offersBilling(plan, useFeatures());
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Your profile</h1>
      <p className="mt-2 text-ink-muted">
        {email} · {plan === "premium" ? "Premium plan" : "Free plan"}
        {billing && (
          <>
            {" · "}
            <Link to="/account/billing" className="font-semibold text-brand-700 underline">
              Billing
            </Link>
          </>
        )}
        {isAdmin ? " · Admin" : ""}
      </p>
    </>
  );
}
