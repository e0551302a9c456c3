import { Link } from "react-router";
import { ChevronDown } from "~/components/icons";

export type FaqEntry = { question: string; answer: string; link?: { to: string; label: string } };

/**
 * Questions that open and close independently (native details elements:
 * keyboard and screen-reader friendly without script); only the first
 * starts open.
 */
export function FaqList({ items, className = "" }: { items: readonly FaqEntry[]; className?: string }) {
  return (
    <div className={`divide-y divide-line rounded-2xl border border-line bg-white ${className}`}>
      {items.map((item, index) => (
        <details key={item.question} open={index === 0} className="group px-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <ChevronDown
              className="h-5 w-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="pb-5 leading-relaxed text-ink-muted">
            {item.answer}
            {item.link && (
              <>
                {" "}
                <Link to={item.link.to} className="font-medium text-brand-800 underline">
                  {item.link.label}
                </Link>
              </>
            )}
          </p>
        </details>
      ))}
    </div>
  );
}
