import { Link } from "react-router";
import { type FaqEntry, FaqList } from "~/components/content/FaqList";

/** The home page's frequently asked questions, and the way to ask anything they leave open. */
export function HomeFaq({ items }: { items: readonly FaqEntry[] }) {
  return (
    <section id="faq" aria-labelledby="faq-title" className="border-t border-line bg-sand">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <h2 id="faq-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
          Frequently asked questions
        </h2>
        <FaqList items={items} className="mt-6 sm:mt-8" />
        <div className="mt-8 rounded-2xl bg-white p-5 text-center sm:mt-12 sm:p-6">
          <h3 className="font-serif text-xl font-semibold text-ink">Still wondering about something?</h3>
          <p className="mt-2 text-ink-muted">We read every message and answer within two working days.</p>
          <Link
            to="/contact"
            className="mt-4 inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 sm:mt-5"
          >
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
