import { lazy, Suspense } from "react";
import { CommunityPicks } from "~/components/community/CommunityPicks";
import { Benefits } from "~/components/home/Benefits";
import { CategoryGrid } from "~/components/home/CategoryGrid";
import { HomeFaq } from "~/components/home/HomeFaq";
import { HomeHero } from "~/components/home/HomeHero";
import { HowItWorks } from "~/components/home/HowItWorks";
import { premiumNoteDue } from "~/domain/accounts/premium-note.server";
import { communityPicks } from "~/domain/community/picks.server";
import { homeFaq } from "~/domain/content/guides.server";
import { categoryCounts } from "~/domain/questions/stats.server";
import { absoluteUrl, faqPage, seo, siteFrom } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { findCategory, HOME_CATEGORY_SLUGS } from "~/shared/categories";
import { quotaStatement, siteFeatures } from "~/web/features.server";
import { generatorPageData } from "~/web/generator-page.server";
import { existingQuotaSubject } from "~/web/quota-subject.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/home";

// Only a free member with the note due sees it: visitors' first download goes without its code.
const PremiumNote = lazy(() => import("~/components/studio/PremiumNote").then((m) => ({ default: m.PremiumNote })));

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await database();
  const user = await getUser(request);
  const features = siteFeatures();
  const [counts, generator, picks, premiumNote] = await Promise.all([
    categoryCounts(db),
    generatorPageData(await existingQuotaSubject(request), null),
    communityPicks(db, user?.id ?? null),
    // The note on what Premium adds is an offer: only where Premium can be bought.
    user && features.premiumForSale ? premiumNoteDue(db, user.id) : false,
  ]);
  return {
    // Live counts from the database, never made-up display figures.
    categories: HOME_CATEGORY_SLUGS.flatMap((slug) => {
      const category = findCategory(slug);
      if (!category) return [];
      const questionCount = counts.find((c) => c.slug === slug)?.questionCount ?? 0;
      return [{ ...category, questionCount }];
    }),
    ...generator,
    picks,
    premiumNote,
    faq: homeFaq(quotaStatement(features), features),
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
          ...(site.features.ai ? ["AI question generation"] : []),
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  return (
    <>
      <HomeHero
        initialQuestion={loaderData.initialQuestion}
        remainingQuestions={loaderData.remainingQuestions}
        viewer={viewer}
      />
      {loaderData.premiumNote && (
        <div className="px-4 sm:px-6">
          <Suspense fallback={null}>
            <PremiumNote />
          </Suspense>
        </div>
      )}
      <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6 sm:pt-16">
        <CommunityPicks picks={loaderData.picks} viewer={viewer} />
      </div>
      <CategoryGrid categories={loaderData.categories} />
      <HowItWorks />
      <Benefits />
      <HomeFaq items={loaderData.faq} />
    </>
  );
}
