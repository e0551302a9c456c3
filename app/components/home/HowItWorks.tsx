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
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-title" className="font-serif text-3xl font-semibold text-ink">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps(ai).map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6">
              <div className="flex items-center gap-3">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <step.icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
