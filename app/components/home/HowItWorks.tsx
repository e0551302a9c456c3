import { MessageCircleHeart, SlidersHorizontal, Sparkles, Users } from "~/components/icons";
import { useFeatures } from "~/lib/use-features";

const steps = (ai: boolean) => [
  {
    icon: SlidersHorizontal,
    title: "Choose the moment",
    text: "Check-in, energizer or check-out, for the meeting you are about to run.",
  },
  {
    icon: Sparkles,
    title: "Set tone and depth",
    text: "Reflective, playful, professional or inspirational; a quick round or a deep one.",
  },
  {
    icon: MessageCircleHeart,
    title: "Get your question",
    text: ai
      ? "From our reviewed library, or freshly written by AI when you want something new."
      : "From our reviewed library, written and checked for the meeting you chose.",
  },
  {
    icon: Users,
    title: "Ask, listen, keep",
    text: "Copy it into the meeting, then save and vote on the questions your team loved.",
  },
];

export function HowItWorks() {
  const { ai } = useFeatures();
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="border-y border-line bg-sand">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
        <h2 id="how-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-6 grid gap-3 sm:mt-8 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {steps(ai).map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-4 sm:p-6">
              {/* On a phone the number, icon and title share a line. */}
              <div className="flex items-center gap-3 sm:flex-wrap">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <step.icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <h3 className="font-semibold text-ink sm:mt-1 sm:w-full">{step.title}</h3>
              </div>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
