import { useEffect, useState } from "react";
import { Link } from "react-router";
import { secondaryButton } from "~/components/buttons";
import { ArrowRight } from "~/components/icons";
import { usePresenter } from "~/components/present/use-presenter";
import { QuestionCard } from "~/components/questions/QuestionCard";
import type { CommunityPicks as Picks } from "~/shared/community";
import type { Viewer } from "~/shared/navigation";

/**
 * A few community questions on the home page, and the way to all of them on
 * /questions. It says which they are: what hosts voted for, or, while votes
 * are few, a pick from the library. The pass note is not repeated here: the
 * generator above says it for the page.
 */
export function CommunityPicks({ picks, viewer }: { picks: Picks; viewer: Viewer }) {
  const [items, setItems] = useState(picks.items);
  useEffect(() => setItems(picks.items), [picks.items]);
  const { present, presenter } = usePresenter();
  return (
    <section id="questions" aria-labelledby="questions-title" className="scroll-mt-24">
      <h2 id="questions-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
        Community questions
      </h2>
      <p className="mt-1 text-ink-muted">
        {picks.kind === "voted"
          ? "The questions hosts voted for most."
          : "A few picks from our library while community votes are still few. Vote for the ones that work in your meetings."}
      </p>
      <ul className="mt-5 space-y-4">
        {items.map((q, index) => (
          <li key={q.id}>
            <QuestionCard
              question={q}
              viewer={viewer}
              onPresent={() => present(items, index)}
              onGone={(id) => setItems((list) => list.filter((item) => item.id !== id))}
            />
          </li>
        ))}
      </ul>
      {presenter}
      <Link to="/questions" className={`${secondaryButton} mt-6`}>
        See all community questions <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
