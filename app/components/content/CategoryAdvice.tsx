/** A category guide's facilitation advice and example questions. */
export function CategoryAdvice({
  advice,
  examples,
}: {
  advice: { title: string; text: string }[];
  examples: string[];
}) {
  return (
    <section aria-labelledby="advice-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="advice-title" className="font-serif text-3xl font-semibold text-ink">
        How to run it well
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {advice.map((tip) => (
          <li key={tip.title} className="rounded-2xl border border-line bg-white p-6">
            <h3 className="font-semibold text-ink">{tip.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-muted">{tip.text}</p>
          </li>
        ))}
      </ul>
      <h3 className="mt-12 font-serif text-xl font-semibold text-ink">Questions to try</h3>
      <ul className="mt-4 space-y-3">
        {examples.map((example) => (
          <li
            key={example}
            className="rounded-r-lg border-l-4 border-brand-600 bg-brand-50 px-5 py-3 font-serif text-lg"
          >
            {example}
          </li>
        ))}
      </ul>
    </section>
  );
}
