import { type IconComponent, LogOut, Sun, Zap } from "~/components/icons";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  QUESTION_STYLES,
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

export function StyleBadge({ style }: { style: QuestionStyle }) {
  const label = QUESTION_STYLES.find((s) => s.value === style)?.label ?? style;
  return <span className={`${chip} bg-accent-100 text-accent-600`}>{label}</span>;
}

export function EngagementBadge({ level }: { level: EngagementLevel }) {
  const engagement = ENGAGEMENT_LEVELS.find((e) => e.value === level);
  return (
    <span className={`${chip} bg-sand text-ink-muted`} title={engagement?.description}>
      {engagement?.label ?? level}
    </span>
  );
}

export function OwnershipBadge({ mine }: { mine: boolean }) {
  return (
    <span className={`${chip} border border-line bg-white text-ink-muted`}>{mine ? "Your Question" : "Community"}</span>
  );
}
