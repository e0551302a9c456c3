import { data, Form, Link } from "react-router";
import { CenteredCard } from "~/components/forms/CenteredCard";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { CircleAlert, CircleCheck, MailCheck } from "~/components/icons";
import { LIMITS } from "~/domain/limits/rules";
import { unsubscribeAccount } from "~/domain/news/consent.server";
import { seo } from "~/lib/seo";
import { appSecret, database } from "~/services.server";
import { stopProductNews } from "~/use-cases/accounts/contact-and-news.server";
import { runForPage } from "~/web/adapters/page.server";
import { statusOf } from "~/web/http.server";
import { overLimit } from "~/web/limits.server";
import type { Route } from "./+types/unsubscribe";

// The address is the link's secret: no cache, history copy or proxy keeps it.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

/** Longer than any link we mail: not worth checking. */
const TOKEN_MAX = 300;

export async function loader({ params, context }: Route.LoaderArgs) {
  const limited = await overLimit(LIMITS.unsubscribes, { ip: context.clientIp });
  if (limited) return data({ subscribed: false, error: limited.message }, { status: statusOf(limited) });
  const outcome = await unsubscribeAccount((await database()).db, params.token.slice(0, TOKEN_MAX), appSecret());
  if (!outcome.ok) return data({ subscribed: false, error: outcome.error.message }, { status: 404 });
  return { subscribed: outcome.subscribed, error: null };
}

/** The page's button, and the one-click POST mail programs send from the List-Unsubscribe header; signed in or not. */
export async function action(args: Route.ActionArgs) {
  const stopped = await runForPage(stopProductNews, args, { token: args.params.token });
  if (!stopped.ok) return data({ done: false, error: stopped.message }, { status: stopped.status });
  return { done: true, error: null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Unsubscribe from product news",
    description: "Stop CircleUp's product news by e-mail.",
    path: "/unsubscribe",
    noindex: true,
  });

const iconClass = "h-8 w-8";

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  if (error) {
    return (
      <CenteredCard
        title="This link does not work"
        icon={<CircleAlert className={`${iconClass} text-accent-600`} aria-hidden="true" />}
      >
        <FormMessage tone="error">{error}</FormMessage>
        <p className="mt-4 text-ink-muted">
          You can also turn product news off on your{" "}
          <Link to="/profile" className="font-semibold text-brand-800 underline">
            profile
          </Link>
          .
        </p>
      </CenteredCard>
    );
  }
  if (actionData?.done || !loaderData.subscribed) {
    return (
      <CenteredCard
        title="You are unsubscribed"
        icon={<CircleCheck className={`${iconClass} text-brand-700`} aria-hidden="true" />}
      >
        <p className="text-ink">
          You will get no more product news from CircleUp. Mails about your account, such as password resets, still
          reach you.
        </p>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard
      title="Unsubscribe from product news"
      icon={<MailCheck className={`${iconClass} text-brand-700`} aria-hidden="true" />}
    >
      <p className="text-ink">Stop the occasional product news CircleUp sends to this account's address.</p>
      <Form method="post" className="mt-6">
        <SubmitButton intent="unsubscribe" pendingLabel="Unsubscribing...">
          Unsubscribe
        </SubmitButton>
      </Form>
    </CenteredCard>
  );
}
