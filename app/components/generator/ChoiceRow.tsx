import { useId } from "react";
import { ChevronDown } from "~/components/icons";
import { CATEGORIES, type CategorySlug, findCategory } from "~/shared/categories";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  isOfferedChoice,
  MEETING_CONTEXTS,
  type MeetingContext,
  offeredEngagement,
  QUESTION_STYLES,
  type QuestionStyle,
} from "~/shared/questions";

export type GeneratorSettings = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: CategorySlug | null;
  /** Ask the AI for a brand-new question instead of the library. */
  fresh: boolean;
};

type Option = { value: string; label: string };

/** A native select, so phones show their own picker and keyboards just work; 44 px high, label above. */
export function Choice({
  label,
  value,
  options,
  onChange,
  className = "min-w-0",
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  /** The wrapper's layout in its row. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block truncate text-xs font-semibold uppercase tracking-wide text-ink-muted">
        {label}
      </label>
      <div className="relative mt-1">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-full appearance-none truncate rounded-xl border border-line-strong bg-white pl-3 pr-8 text-sm font-medium text-ink hover:bg-brand-50"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

/**
 * The generator's choices in one compact row (two on a phone): meeting
 * moment, style, depth and, on the home page, the meeting. Depths a moment
 * does not have (a deep energizer) are not offered.
 */
export function ChoiceRow({
  settings,
  onChange,
  chooseCategory,
}: {
  settings: GeneratorSettings;
  onChange: (change: (current: GeneratorSettings) => GeneratorSettings) => void;
  chooseCategory: boolean;
}) {
  const depths = ENGAGEMENT_LEVELS.filter((e) => isOfferedChoice(settings.meetingContext, e.value)).map((e) => ({
    value: e.value,
    label: e.label,
  }));
  // The time an answer takes sits in the label, so the select stays short enough for a phone.
  const duration = ENGAGEMENT_LEVELS.find((e) => e.value === settings.engagementLevel)
    ?.description.split(", ")[1]
    ?.replace(" minutes", " min")
    .replace(" seconds", " s");
  return (
    <div className={`grid grid-cols-2 gap-2 ${chooseCategory ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
      <Choice
        label="Moment"
        value={settings.meetingContext}
        options={MEETING_CONTEXTS.map((c) => ({ value: c.value, label: c.label }))}
        onChange={(value) =>
          onChange((s) => {
            const meetingContext = value as MeetingContext;
            return { ...s, meetingContext, engagementLevel: offeredEngagement(meetingContext, s.engagementLevel) };
          })
        }
      />
      <Choice
        label="Style"
        value={settings.questionStyle}
        options={QUESTION_STYLES.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(value) => onChange((s) => ({ ...s, questionStyle: value as QuestionStyle }))}
      />
      <Choice
        label={`Depth · ${duration ?? ""}`}
        value={settings.engagementLevel}
        options={depths}
        onChange={(value) => onChange((s) => ({ ...s, engagementLevel: value as EngagementLevel }))}
      />
      {chooseCategory && (
        <Choice
          label="Meeting"
          value={settings.categorySlug ?? "all"}
          options={[
            { value: "all", label: "Any meeting" },
            ...CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
          ]}
          onChange={(value) => onChange((s) => ({ ...s, categorySlug: findCategory(value)?.slug ?? null }))}
        />
      )}
    </div>
  );
}
