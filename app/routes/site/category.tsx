import { data } from "react-router";
import { PopularList } from "~/components/community/PopularList";
import { SubmitQuestionForm } from "~/components/community/SubmitQuestionForm";
import { FaqList } from "~/components/content/FaqList";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import { listQuestions } from "~/domain/community/list.server";
import { submitQuestion } from "~/domain/community/submissions.server";
import { categoryGuide } from "~/domain/content/guides.server";
import { absoluteUrl, breadcrumbs, faqPage, seo, siteFrom } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { type CategorySlug, findCategory } from "~/shared/categories";
import { listQuerySchema, submissionSchema } from "~/shared/community-schemas";
import { generatorPageData } from "~/web/generator-page.server";
import { statusOf } from "~/web/http.server";
import { existingQuotaSubject } from "~/web/quota-subject.server";
import { getUser, requireUser } from "~/web/session.server";
import type { Route } from "./+types/category";

/** The category of this page, from its path (one module serves the seven category routes). */
function categoryOf(request: Request) {
  const category = findCategory(new URL(request.url).pathname.slice(1));
  if (!category) throw new Response("Not found", { status: 404 });
  return category;
}

export async function loader({ request }: Route.LoaderArgs) {
  const category = categoryOf(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = { ...listQuerySchema.parse(params), category: category.slug as CategorySlug };
  const user = await getUser(request);
  const { db } = await database();
  const [generator, questionsPage] = await Promise.all([
    generatorPageData(await existingQuotaSubject(request), category.slug),
    listQuestions(db, query, user?.id ?? null),
  ]);
  return { category, guide: categoryGuide(category.slug), query, questionsPage, ...generator };
}

export async function action({ request }: Route.ActionArgs) {
  const category = categoryOf(request);
  const user = await requireUser(request);
  const parsed = submissionSchema.safeParse({
    ...Object.fromEntries(await request.formData()),
    categorySlug: category.slug,
  });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Please check the form" }, { status: 400 });
  const { db } = await database();
  const result = await submitQuestion(db, user.id, parsed.data);
  if (!result.ok) return data({ error: result.error.message }, { status: statusOf(result.error) });
  return { success: "Thank you! Your question waits for a quick review; you can follow it on your profile." };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  if (!loaderData) return seo(matches, { title: "Questions", description: "Questions for team meetings.", path: "/" });
  const { category, questionsPage } = loaderData;
  const site = siteFrom(matches);
  const path = `/${category.slug}`;
  const title = `${category.name} Questions`;
  return seo(matches, {
    title,
    description: `${category.description} Check-in, energizer and check-out questions with facilitation tips.`,
    path,
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: title,
        description: category.description,
        url: absoluteUrl(site, path),
        mainEntity: { "@type": "ItemList", numberOfItems: questionsPage.total },
      },
      faqPage(loaderData.guide.faq),
      breadcrumbs(site, [[title, path]]),
    ],
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, guide, query, questionsPage } = loaderData;
  const viewer = useViewer();
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-50 to-cream">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:py-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Meeting questions</p>
            <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-ink">{category.name}</h1>
            <p className="mt-4 text-lg leading-relaxed text-ink-muted">{category.description}</p>
            {guide.intro.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink">
                {paragraph}
              </p>
            ))}
          </div>
          <section id="generator" aria-label="Question generator" className="scroll-mt-20">
            <QuestionGenerator
              initialQuestion={loaderData.initialQuestion}
              remainingQuestions={loaderData.remainingQuestions}
              categorySlug={category.slug}
              viewer={viewer}
            />
          </section>
        </div>
      </section>
      <section aria-labelledby="advice-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="advice-title" className="font-serif text-3xl font-semibold text-ink">
          How to run it well
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {guide.advice.map((tip) => (
            <li key={tip.title} className="rounded-2xl border border-line bg-white p-6">
              <h3 className="font-semibold text-ink">{tip.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{tip.text}</p>
            </li>
          ))}
        </ul>
        <h3 className="mt-12 font-serif text-xl font-semibold text-ink">Questions to try</h3>
        <ul className="mt-4 space-y-3">
          {guide.examples.map((example) => (
            <li
              key={example}
              className="rounded-r-lg border-l-4 border-brand-600 bg-brand-50 px-5 py-3 font-serif text-lg"
            >
              {example}
            </li>
          ))}
        </ul>
      </section>
      <div className="mx-auto max-w-4xl space-y-12 px-4 pb-16 sm:px-6">
        <PopularList page={questionsPage} query={query} viewer={viewer} fixedCategory />
        <SubmitQuestionForm category={category} signedIn={Boolean(viewer)} />
      </div>
      <section aria-labelledby="category-faq-title" className="border-t border-line bg-sand">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="category-faq-title" className="font-serif text-3xl font-semibold text-ink">
            {category.name}: frequently asked questions
          </h2>
          <FaqList items={guide.faq} className="mt-8" />
        </div>
      </section>
    </>
  );
}
