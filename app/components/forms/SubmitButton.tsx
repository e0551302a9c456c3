import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Label while this button's form is submitting, such as 'Signing In...'. */
  pendingLabel: string;
  /** The `intent` value of this button, when a form has several. */
  intent?: string;
  variant?: "primary" | "secondary" | "danger";
  children: ReactNode;
};

const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-line bg-white text-ink hover:bg-sand",
  danger: "bg-accent-600 text-white hover:bg-[#963f12]",
};

/** Disabled with its pending label while its own submission is in flight. */
export function SubmitButton({ pendingLabel, intent, variant = "primary", children, className, ...rest }: Props) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={submitting}
      aria-disabled={submitting || undefined}
      className={`inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold transition disabled:cursor-wait disabled:opacity-70 ${VARIANTS[variant]} ${className ?? ""}`}
      {...rest}
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}
