import { Link } from "react-router";
import { BuyButtons } from "~/components/billing/BuyButtons";
import { secondaryButton } from "~/components/buttons";
import { MarkdownPage } from "~/components/content/MarkdownPage";
import { Check, Minus } from "~/components/icons";
import { config } from "~/config.server";
import { premiumOffer } from "~/domain/billing/prices.server";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { billing } from "~/services.server";
import { capitalized, limitWords, QUOTA_WINDOW } from "~/shared/quota-words";
import { quotaStatement, siteFeatures } from "~/web/features.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/pricing";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const features = siteFeatures();
  const { anonymous, free, premium } = config().aiQuota;
  return {
    page: findPage("pricing", {}, features),
    // The plans as this server has them: AI limits only with an AI, Premium only where it is sold.
    limits: features.ai
      ? { visitor: limitWords(anonymous), free: limitWords(free), premium: limitWords(premium) }
      : null,
    quota: quotaStatement(features),
    sale: features.premiumForSale ? await premiumOffer(billing()) : null,
    viewer: user ? { premium: user.plan === "premium" } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data?.page.title ?? "Pricing",
    description: `CircleUp is free, with unlimited library questions for everyone. ${data?.quota ?? ""}`.trim(),
    path: "/pricing",
  });

type Limits = NonNullable<Route.ComponentProps["loaderData"]["limits"]>;
type Row = { feature: string; visitor: string | boolean; free: string | boolean; premium: string | boolean };

function rows(limits: Limits | null, premium: boolean): Row[] {
  const cell = (words: string) => capitalized(words);
  return [
    { feature: "Library questions", visitor: "Unlimited", free: "Unlimited", premium: "Unlimited" },
    ...(limits
      ? [
          {
            feature: `New AI questions per ${QUOTA_WINDOW}`,
            visitor: cell(limits.visitor),
            free: cell(limits.free),
            premium: cell(limits.premium),
          },
        ]
      : []),
    // What only Premium adds is listed only where Premium is sold.
    ...(premium
      ? [
          { feature: "Give the AI your team's context", visitor: false, free: false, premium: true },
          { feature: "Three AI questions to choose from", visitor: false, free: false, premium: true },
          { feature: "Rewrite any question's tone, ask for a follow-up", visitor: false, free: false, premium: true },
          {
            feature: "AI studio in your team's meetings (team owner's Premium)",
            visitor: false,
            free: false,
            premium: true,
          },
        ]
      : []),
    { feature: "Save questions", visitor: false, free: true, premium: true },
    { feature: "Vote on questions", visitor: false, free: true, premium: true },
    { feature: "Submit questions for review", visitor: false, free: true, premium: true },
    { feature: "Export saved questions (CSV, JSON, Markdown, text, print)", visitor: false, free: true, premium: true },
    { feature: "Generation history", visitor: false, free: true, premium: true },
    { feature: "Two-factor sign-in", visitor: false, free: true, premium: true },
  ];
}

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === "string") return <>{value}</>;
  return value ? (
    <>
      <Check className="inline h-5 w-5 text-brand-700" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus className="inline h-5 w-5 text-ink-muted" aria-hidden="true" />
      <span className="sr-only">Not included</span>
    </>
  );
}

type Sale = NonNullable<Route.ComponentProps["loaderData"]["sale"]>;

/** Where Premium is sold: buttons to Checkout, or for a member who has it, their billing page. */
function PremiumOffer({ sale, viewer }: { sale: Sale; viewer: Route.ComponentProps["loaderData"]["viewer"] }) {
  return (
    <section
      aria-labelledby="buy-premium-title"
      className="mb-8 space-y-3 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id="buy-premium-title" className="mt-0! font-serif text-xl font-semibold text-ink">
        Get Premium
      </h2>
      {viewer?.premium ? (
        <p className="text-ink">
          You have Premium.{" "}
          <Link to="/account/billing" className="font-semibold text-brand-700 underline">
            See your plan
          </Link>
        </p>
      ) : (
        <BuyButtons offered={sale.offered} trialDays={sale.trialDays} prices={sale.prices} signedIn={!!viewer} />
      )}
    </section>
  );
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { sale, viewer, limits, quota } = loaderData;
  return (
    <MarkdownPage page={loaderData.page}>
      {sale && <PremiumOffer sale={sale} viewer={viewer} />}
      <div className="overflow-hidden rounded-2xl border border-line bg-white">
        <table className="table-fixed text-xs sm:text-sm">
          <caption className="px-4 pt-4 text-left font-semibold text-ink">What each plan includes</caption>
          <thead>
            <tr>
              <th scope="col" className="w-2/5 pl-4">
                Feature
              </th>
              <th scope="col">No account</th>
              <th scope="col">Free account</th>
              {sale && <th scope="col">Premium</th>}
            </tr>
          </thead>
          <tbody>
            {rows(limits, Boolean(sale)).map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="border-t border-line pl-4 font-normal">
                  {row.feature}
                </th>
                <td>
                  <Cell value={row.visitor} />
                </td>
                <td>
                  <Cell value={row.free} />
                </td>
                {sale && (
                  <td>
                    <Cell value={row.premium} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {quota && <p className="border-t border-line px-4 py-3 text-sm text-ink-muted">{quota}</p>}
      </div>
      {/* Only a visitor is offered an account: a member has one. */}
      {!viewer && (
        <p>
          <Link to="/sign-up" className={`${secondaryButton} font-semibold! no-underline!`}>
            Create a free account
          </Link>
        </p>
      )}
    </MarkdownPage>
  );
}
