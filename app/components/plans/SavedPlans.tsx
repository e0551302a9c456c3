import { useId } from "react";
import { Link } from "react-router";
import { formatDay } from "~/shared/format";

export type SavedPlan = { id: string; title: string; createdAt: string };

/** The signed-in host's saved plans, each linking to its page; nothing when there are none. */
export function SavedPlans({ plans }: { plans: SavedPlan[] }) {
  const id = useId();
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-mine`} className="mt-12">
      <h2 id={`${id}-mine`} className="font-serif text-2xl font-semibold text-ink">
        Your plans
      </h2>
      <ul className="mt-4 space-y-2">
        {plans.map((plan) => (
          <li key={plan.id}>
            <Link to={`/p/${plan.id}`} className="font-medium text-brand-800 underline">
              {plan.title}
            </Link>{" "}
            <span className="text-sm text-ink-muted">{formatDay(plan.createdAt.slice(0, 10))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
