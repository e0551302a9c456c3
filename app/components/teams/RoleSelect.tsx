import { useId } from "react";
import { TEAM_ROLE_LABELS } from "~/shared/teams";

/** Facilitator or member: the roles an invitation or a change can give (the owner's changes only by a transfer). */
export function RoleSelect({
  name,
  value,
  label,
  hideLabel = false,
}: {
  name: string;
  value: "facilitator" | "member";
  label: string;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-semibold text-ink"}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={`${hideLabel ? "" : "mt-1.5 "}block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink`}
      >
        <option value="member">{TEAM_ROLE_LABELS.member}</option>
        <option value="facilitator">{TEAM_ROLE_LABELS.facilitator}</option>
      </select>
    </div>
  );
}
