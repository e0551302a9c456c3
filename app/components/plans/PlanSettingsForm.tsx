import { useId } from "react";
import { Sparkles } from "~/components/icons";
import type { PlanEditor } from "~/lib/use-plan-editor";
import { CATEGORIES } from "~/shared/categories";
import { ENGAGEMENT_LEVELS, type EngagementLevel } from "~/shared/questions";

/** Meeting and depth, and the button that replaces the plan with a matched set for them. */
export function PlanSettingsForm({ editor }: { editor: PlanEditor }) {
  const id = useId();
  const { SuggestForm, settings, changeSettings, busy } = editor;
  return (
    <SuggestForm
      method="post"
      className="mt-8 flex flex-wrap items-end gap-3 rounded-3xl border border-line bg-white p-5"
    >
      <div>
        <label htmlFor={`${id}-category`} className="block text-sm font-semibold text-ink">
          Meeting
        </label>
        <select
          id={`${id}-category`}
          name="categorySlug"
          value={settings.categorySlug}
          onChange={(event) => changeSettings({ categorySlug: event.target.value })}
          className="mt-1.5 rounded-xl border border-line bg-white px-3 py-2 text-ink"
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
          className="mt-1.5 rounded-xl border border-line bg-white px-3 py-2 text-ink"
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
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        <Sparkles className="h-4 w-4" aria-hidden="true" /> Suggest a matched set
      </button>
    </SuggestForm>
  );
}
