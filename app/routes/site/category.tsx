import { PopularList } from "~/components/community/PopularList";
import { SubmitQuestionForm } from "~/components/community/SubmitQuestionForm";
import { CategoryAdvice } from "~/components/content/CategoryAdvice";
import { CategoryFaq } from "~/components/content/CategoryFaq";
import { CategoryHero } from "~/components/content/CategoryHero";
import { listQuestions } from "~/domain/community/list.server";
import { categoryGuide } from "~/domain/content/guides.server";
import { absoluteUrl, breadcrumbs, faqPage, seo, siteFrom } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { type CategorySlug, findCategory } from "~/shared/categories";
import { listQuerySchema } from "~/shared/community-schemas";
import { submitCommunityQuestion } from "~/use-cases/community/community.server";
import { formError, runForPage } from "~/web/adapters/page.server";
import { siteFeatures } from "~/web/features.server";
import { generatorPageData } from "~/web/generator-page.server";
import { formBody, notFoundPage } from "~/web/http.server";
import { existingQuotaSubject } from "~/web/quota-subject.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/category";

/** The category of this page, from its path (one module serves the seven category routes). */
function categoryOf(request: Request) {
  const category = findCategory(new URL(request.url).pathname.slice(1));
  if (!category) throw notFoundPage();
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
  return { category, guide: categoryGuide(category.slug, siteFeatures()), query, questionsPage, ...generator };
}

/** A member submits a question for this category, as the API's submission does. */
export async function action(args: Route.ActionArgs) {
  const category = categoryOf(args.request);
  const input = { ...Object.fromEntries(formBody(args.context)), categorySlug: category.slug };
  const submitted = await runForPage(submitCommunityQuestion, args, input);
  if (!submitted.ok) return formError(submitted);
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
      <CategoryHero
        category={category}
        intro={guide.intro}
        initialQuestion={loaderData.initialQuestion}
        remainingQuestions={loaderData.remainingQuestions}
        viewer={viewer}
      />
      <CategoryAdvice advice={guide.advice} examples={guide.examples} />
      <div className="mx-auto max-w-4xl space-y-12 px-4 pb-16 sm:px-6">
        <PopularList page={questionsPage} query={query} viewer={viewer} fixedCategory />
        <SubmitQuestionForm category={category} signedIn={Boolean(viewer)} />
      </div>
      <CategoryFaq categoryName={category.name} items={guide.faq} />
    </>
  );
}
