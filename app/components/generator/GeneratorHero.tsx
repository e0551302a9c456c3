import type { ReactNode } from "react";

/**
 * The first screen of a page with the generator: a short title, then the
 * generator; on a phone what the page says about itself comes after the
 * generator, on a wide screen it stands beside it. The question is in the
 * first screen either way.
 */
export function GeneratorHero({
  title,
  generator,
  children,
}: {
  title: ReactNode;
  generator: ReactNode;
  /** What follows the generator on a phone and stands under the title on a wide screen. */
  children: ReactNode;
}) {
  return (
    <section className="relative border-b border-line bg-gradient-to-b from-brand-50 to-cream">
      {/* A browser may paint a page it has only half read: the title would stand beside half a generator,
          then jump once the rest arrives. The first paint waits until the mark after this screen is read. */}
      <link rel="expect" href="#first-screen-read" blocking="render" />
      <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-4 px-4 pb-10 pt-4 sm:px-6 sm:pt-8 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:py-14">
        <h1 className="font-serif text-2xl font-semibold leading-tight tracking-tight text-ink sm:text-4xl lg:col-start-1 lg:row-start-1 lg:self-end">
          {title}
        </h1>
        <section
          id="generator"
          aria-label="Question generator"
          className="scroll-mt-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {generator}
        </section>
        <div className="pt-4 lg:col-start-1 lg:row-start-2 lg:pt-0">{children}</div>
      </div>
      <div id="first-screen-read" hidden />
    </section>
  );
}
