import { type IconComponent, LogOut, Sparkles, Sun, Zap } from "~/components/icons";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  QUESTION_STYLES,
  type QuestionSource,
  type QuestionStyle,
  type QuestionType,
} from "~/shared/questions";

const TYPE_BADGES: Record<QuestionType, { label: string; icon: IconComponent; className: string }> = {
  "check-in": { label: "Check-in", icon: Sun, className: "bg-brand-100 text-brand-900" },
  energizer: { label: "Energizer", icon: Zap, className: "bg-amber-100 text-amber-900" },
  "check-out": { label: "Check-out", icon: LogOut, className: "bg-indigo-100 text-indigo-900" },
};

const chip = "inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold";

export function TypeBadge({ type }: { type: QuestionType }) {
  const badge = TYPE_BADGES[type];
  return (
    <span className={`${chip} ${badge.className}`}>
      <badge.icon className="h-3.5 w-3.5" aria-hidden="true" />
      {badge.label}
    </span>
  );
}

const styleLabel = (style: QuestionStyle) => QUESTION_STYLES.find((s) => s.value === style)?.label ?? style;
const engagementOf = (level: EngagementLevel) => ENGAGEMENT_LEVELS.find((e) => e.value === level);

/** The style and depth a question was written for, as quiet text: they describe, they are not actions. */
export function ChoiceLabels({ style, level }: { style: QuestionStyle; level: EngagementLevel }) {
  const engagement = engagementOf(level);
  return (
    <span className="text-sm text-ink-muted">
      {styleLabel(style)} · <span title={engagement?.description}>{engagement?.label ?? level}</span>
    </span>
  );
}

/**
 * Where a question came from, only where that tells the reader something:
 * their own, written by AI, or submitted by a member. The curated library
 * is the norm and carries no badge.
 */
export function SourceBadge({ source, mine }: { source: QuestionSource; mine: boolean }) {
  if (mine) return <span className={`${chip} border border-brand-700 text-brand-800`}>Your Question</span>;
  if (source === "ai_generated")
    return (
      <span className={`${chip} border border-line-strong text-ink`}>
        <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
        AI
      </span>
    );
  if (source === "user_submitted")
    return <span className={`${chip} border border-line-strong text-ink`}>Submitted</span>;
  return null;
}
