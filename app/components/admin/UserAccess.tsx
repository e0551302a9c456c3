import { Form } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { describeAccess } from "~/shared/access";
import type { Plan } from "~/shared/accounts";
import { AdminSection } from "./AdminSection";
import { FindForm } from "./FindForm";

type FoundUser = {
  userId: string;
  fullName: string;
  email: string;
  plan: Plan;
  /** The plan an admin granted; a subscription may give Premium besides. */
  grantedPlan: Plan;
  paidPremium: boolean;
  isAdmin: boolean;
};

/** Where the account's Premium comes from, for an admin deciding whether to grant or revoke it. */
function premiumSource(found: FoundUser): string | null {
  if (found.paidPremium && found.grantedPlan === "premium")
    return "Premium from a paid subscription and an admin's grant.";
  if (found.paidPremium) return "Premium from a paid subscription (managed in Stripe).";
  if (found.grantedPlan === "premium") return "Premium granted by an admin.";
  return null;
}

/** Finds a user by email and changes their admin role and plan; shows the outcome of the last change. */
export function UserAccess({
  query,
  searched,
  found,
  outcome,
}: {
  query: string;
  searched: boolean;
  found: FoundUser | null;
  outcome?: { error?: string; success?: string };
}) {
  return (
    <AdminSection id="users" title="Users">
      <FindForm>
        <TextField label="Find a user by email" name="email" type="email" defaultValue={query} className="flex-1" />
      </FindForm>
      <div className="mt-6 space-y-4">
        {outcome?.error && <FormMessage tone="error">{outcome.error}</FormMessage>}
        {outcome?.success && <FormMessage tone="success">{outcome.success}</FormMessage>}
        {searched && !found && <p className="text-ink-muted">No account uses that address.</p>}
        {found && (
          <div className="rounded-2xl border border-line p-4">
            <p className="font-semibold text-ink">{found.fullName}</p>
            <p className="text-sm text-ink-muted">
              {found.email}: {describeAccess(found)}
            </p>
            {premiumSource(found) && <p className="text-sm text-ink-muted">{premiumSource(found)}</p>}
            <Form method="post" className="mt-4 flex flex-wrap gap-2">
              <input type="hidden" name="userId" value={found.userId} />
              <SubmitButton
                intent={found.isAdmin ? "revoke-admin" : "grant-admin"}
                pendingLabel="Saving..."
                variant="secondary"
              >
                {found.isAdmin ? "Revoke admin" : "Make admin"}
              </SubmitButton>
              <SubmitButton
                intent={found.grantedPlan === "premium" ? "revoke-premium" : "grant-premium"}
                pendingLabel="Saving..."
                variant="secondary"
              >
                {found.grantedPlan === "premium" ? "Revoke granted premium" : "Grant premium"}
              </SubmitButton>
            </Form>
          </div>
        )}
      </div>
    </AdminSection>
  );
}
