import { Bookmark, HeartHandshake, Library, ShieldCheck } from "~/components/icons";

const BENEFITS = [
  {
    icon: ShieldCheck,
    title: "Safe for every team",
    text: "Every library question is written and reviewed to be answerable by anyone: nothing about health, money, religion or politics, and passing is always fine.",
  },
  {
    icon: Library,
    title: "Fitted to the meeting",
    text: "Standups need thirty seconds, one-on-ones need depth. Pick the meeting, tone and depth, and the question fits the room.",
  },
  {
    icon: HeartHandshake,
    title: "Every voice, early",
    text: "A short round at the start gives everyone a first word, and people who have spoken once speak up more easily later.",
  },
  {
    icon: Bookmark,
    title: "Your team's favourites",
    text: "Save the questions that landed, vote for the community's best, and export your collection when you plan the next offsite.",
  },
];

export function Benefits() {
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <h2 id="benefits-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
        Why teams start with a question
      </h2>
      <ul className="mt-6 grid gap-3 sm:mt-8 sm:grid-cols-2 sm:gap-6">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="flex gap-3 rounded-2xl border border-line bg-white p-4 sm:gap-4 sm:p-6">
            <benefit.icon className="h-6 w-6 shrink-0 text-accent-600" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-ink">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{benefit.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
