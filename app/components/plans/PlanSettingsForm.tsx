import { useId } from "react";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { Sparkles } from "~/components/icons";
import type { PlanEditor } from "~/lib/use-plan-editor";
import { CATEGORIES } from "~/shared/categories";
import { ENGAGEMENT_LEVELS, type EngagementLevel } from "~/shared/questions";

/** Meeting and depth, and the button that replaces the plan with a matched set for them (the primary action only while the plan is empty). */
export function PlanSettingsForm({ editor }: { editor: PlanEditor }) {
  const id = useId();
  const { SuggestForm, settings, changeSettings, busy, items } = editor;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-3xl border border-line bg-white p-5">
      <h2 id={`${id}-title`} className="font-serif text-xl font-semibold text-ink">
        Start from a matched set
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A check-in, an energizer and a check-out for the same meeting and depth
        {items.length > 0 ? ", in place of the plan above (you can undo)." : "."}
      </p>
      <SuggestForm method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-category`} className="block text-sm font-semibold text-ink">
            Meeting
          </label>
          <select
            id={`${id}-category`}
            name="categorySlug"
            value={settings.categorySlug}
            onChange={(event) => changeSettings({ categorySlug: event.target.value })}
            className="mt-1.5 min-h-11 rounded-xl border border-ink-muted/70 bg-white px-3 py-2 text-ink"
          >
            <option value="">Any meeting</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-depth`} className="block text-sm font-semibold text-ink">
            Depth
          </label>
          <select
            id={`${id}-depth`}
            name="engagementLevel"
            value={settings.engagementLevel}
            onChange={(event) => changeSettings({ engagementLevel: event.target.value as EngagementLevel })}
            className="mt-1.5 min-h-11 rounded-xl border border-ink-muted/70 bg-white px-3 py-2 text-ink"
          >
            {ENGAGEMENT_LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="intent"
          value="suggest"
          disabled={busy}
          className={items.length > 0 ? secondaryButton : primaryButton}
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" /> Suggest a matched set
        </button>
      </SuggestForm>
    </section>
  );
}
