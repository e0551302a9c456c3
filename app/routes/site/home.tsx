import { Link } from "react-router";
import { PopularList } from "~/components/community/PopularList";
import { FaqList } from "~/components/content/FaqList";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import {
  ArrowRight,
  Bookmark,
  HeartHandshake,
  Library,
  MessageCircleHeart,
  ShieldCheck,
  SlidersHorizontal,
  Sparkles,
  Users,
} from "~/components/icons";
import { listQuestions } from "~/domain/community/list.server";
import { homeFaq } from "~/domain/content/guides.server";
import { categoryCounts } from "~/domain/questions/stats.server";
import { absoluteUrl, faqPage, seo, siteFrom } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { findCategory, HOME_CATEGORY_SLUGS } from "~/shared/categories";
import { listQuerySchema } from "~/shared/community-schemas";
import { formatCount } from "~/shared/format";
import { generatorPageData } from "~/web/generator-page.server";
import { existingQuotaSubject } from "~/web/quota-subject.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await database();
  const query = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const user = await getUser(request);
  const [counts, generator, questionsPage] = await Promise.all([
    categoryCounts(db),
    generatorPageData(await existingQuotaSubject(request), null),
    listQuestions(db, query, user?.id ?? null),
  ]);
  return {
    // Live counts from the database, never display-only figures (PRODUCT.md "Honesty").
    categories: HOME_CATEGORY_SLUGS.flatMap((slug) => {
      const category = findCategory(slug);
      if (!category) return [];
      const questionCount = counts.find((c) => c.slug === slug)?.questionCount ?? 0;
      return [{ ...category, questionCount }];
    }),
    ...generator,
    query,
    questionsPage,
    faq: homeFaq(),
  };
}

const DESCRIPTION =
  "Free check-in, energizer and check-out questions for team meetings, by meeting type, tone and depth. Build psychological safety in five minutes.";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const site = siteFrom(matches);
  return seo(matches, {
    description: DESCRIPTION,
    path: "/",
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "WebApplication",
        name: site.appName,
        url: absoluteUrl(site, "/"),
        description: DESCRIPTION,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Any (web browser)",
        isAccessibleForFree: true,
        offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" },
        featureList: [
          "AI question generation",
          "Customizable tone and style",
          "Check-in, energizer and check-out questions for many meeting types",
          "Saved favourite questions",
          "Export to CSV, JSON, Markdown, plain text and print",
        ],
        audience: { "@type": "Audience", audienceType: "Teams, meeting hosts and facilitators" },
      },
      faqPage(data?.faq ?? []),
    ],
  });
};

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

const STEPS = [
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
    text: "From our reviewed library, or freshly written by AI when you want something new.",
  },
  {
    icon: Users,
    title: "Ask, listen, keep",
    text: "Copy it into the meeting, then save and vote on the questions your team loved.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  return (
    <>
      <section className="relative border-b border-line bg-gradient-to-b from-brand-50 to-cream">
        <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[0.9fr_1.1fr]">
          <div className="lg:pt-10">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-600">
              For people who run meetings
            </p>
            <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight tracking-tight text-ink sm:text-5xl">
              AI-Powered Questions for Every Team Meeting
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-muted">
              The right check-in, energizer or check-out question for the moment, so every voice is heard early and your
              team feels safe to speak up. Free, no sign-up needed.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                href="#generator"
                className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Try Advanced Generator <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
              <Link
                to="/how-to"
                className="rounded-full border border-line bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50"
              >
                How it works
              </Link>
            </div>
          </div>
          <section id="generator" aria-label="Question generator" className="scroll-mt-20">
            <QuestionGenerator
              initialQuestion={loaderData.initialQuestion}
              remainingQuestions={loaderData.remainingQuestions}
              viewer={viewer}
            />
          </section>
        </div>
      </section>

      <div className="mx-auto max-w-4xl px-4 pt-16 sm:px-6">
        <PopularList page={loaderData.questionsPage} query={loaderData.query} viewer={viewer} />
      </div>

      <section
        id="categories"
        aria-labelledby="categories-title"
        className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
      >
        <h2 id="categories-title" className="font-serif text-3xl font-semibold text-ink">
          Questions for every kind of meeting
        </h2>
        <p className="mt-3 max-w-2xl text-ink-muted">
          Each category is written for the meeting it names, with its own rhythm and depth.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/${category.slug}`}
                className="group flex h-full flex-col rounded-2xl border border-line bg-white p-6 transition-shadow hover:shadow-lg hover:shadow-brand-900/5"
              >
                <span className="self-start rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                  {category.highlight}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-ink group-hover:text-brand-800">{category.name}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-muted">{category.description}</p>
                <span className="mt-4 flex items-center justify-between gap-2 text-sm">
                  <span className="text-ink-muted">{formatCount(category.questionCount)} questions</span>
                  <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                    Explore{" "}
                    <ArrowRight
                      className="h-4 w-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-it-works" aria-labelledby="how-title" className="border-y border-line bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="how-title" className="font-serif text-3xl font-semibold text-ink">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
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

      <section id="benefits" aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="font-serif text-3xl font-semibold text-ink">
          Why teams start with a question
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-4 rounded-2xl border border-line bg-white p-6">
              <benefit.icon className="h-6 w-6 shrink-0 text-accent-600" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-ink">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-muted">{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="border-t border-line bg-sand">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="faq-title" className="font-serif text-3xl font-semibold text-ink">
            Frequently asked questions
          </h2>
          <FaqList items={loaderData.faq} className="mt-8" />
          <div className="mt-12 rounded-2xl bg-white p-6 text-center">
            <h3 className="font-serif text-xl font-semibold text-ink">Still wondering about something?</h3>
            <p className="mt-2 text-ink-muted">We read every message and answer within two working days.</p>
            <Link
              to="/contact"
              className="mt-5 inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
