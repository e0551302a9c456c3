import { type FaqEntry, FaqList } from "./FaqList";

export function CategoryFaq({ categoryName, items }: { categoryName: string; items: readonly FaqEntry[] }) {
  return (
    <section aria-labelledby="category-faq-title" className="border-t border-line bg-sand">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="category-faq-title" className="font-serif text-3xl font-semibold text-ink">
          {categoryName}: frequently asked questions
        </h2>
        <FaqList items={items} className="mt-8" />
      </div>
    </section>
  );
}
