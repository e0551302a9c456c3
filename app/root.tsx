import { type ReactNode, useEffect } from "react";
import { data, Links, Meta, Outlet, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { RouteErrorBoundary } from "~/components/ErrorScreen";
import { AppScripts } from "~/components/layout/AppScripts";
import { CONSENT_CHOSEN_SCRIPT, CookieBanner } from "~/components/layout/CookieBanner";
import { Footer } from "~/components/layout/Footer";
import { FocusedHeader, Header } from "~/components/layout/Header";
import { NavigationProgress } from "~/components/layout/NavigationProgress";
import { OfflineBanner } from "~/components/layout/OfflineBanner";
import { PendingSaveNote } from "~/components/questions/PendingSaveNote";
import { config } from "~/config.server";
import { teamsToCurate } from "~/domain/teams/collection.server";
import { usePageViews } from "~/lib/analytics-client";
import { useInlineStyles, useNonce } from "~/lib/document-context";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { NO_FEATURES } from "~/shared/features";
import type { PageLayout, Viewer } from "~/shared/navigation";
import { siteFeatures } from "~/web/features.server";
import { planDraftIds } from "~/web/plan-draft.server";
import { getUser, sessionCookieHeaders } from "~/web/session.server";
import type { Route } from "./+types/root";

export async function loader({ request }: Route.LoaderArgs) {
  const { appName, publicUrl } = config();
  const user = await getUser(request);
  // Visitors cost no query; a member's cards learn which teams they may save to.
  const curates = user ? await teamsToCurate((await database()).db, user.id) : [];
  const viewer: Viewer = user
    ? { id: user.id, name: user.name, isAdmin: user.isAdmin, plan: user.plan, curates }
    : null;
  // React Router keeps a parent loader's Set-Cookie on every response, with no headers export.
  const planCount = planDraftIds(request).length;
  // The footer's copyright year, from the server's clock so the page never changes it after hydration.
  const year = new Date().getUTCFullYear();
  // What this server does (AI, Premium for sale): every page's words and controls follow it.
  const features = siteFeatures();
  return data(
    { appName, publicUrl, viewer, planCount, year, features },
    { headers: await sessionCookieHeaders(request) },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches, {
    description: "Check-in, energizer and check-out questions for team meetings.",
    path: location.pathname,
  });

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icon-192.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const styles = useInlineStyles();
  return (
    // The consent script marks <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#17645b" />
        <Meta />
        <Links />
        {/* The browser keeps the server's stylesheet: React does not compare inner HTML when it hydrates. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet. */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of ours, run before the first paint; the browser hides its nonce from the DOM. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_CHOSEN_SCRIPT }} suppressHydrationWarning />
      </head>
      <body>
        {children}
        {/* Scroll to top on every new page, restore the position on back and forward. */}
        <ScrollRestoration nonce={nonce} />
        <AppScripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * How a page sits in the site, from its route module's `handle.layout`:
 * - "site" (the default): cookie banner (until the visitor has chosen), header, footer.
 * - "focused" (a live round's join, participant, host and recap pages): the
 *   logo alone above it and no footer or cookie banner; people open them in
 *   a meeting to do one thing, and every navigation link there is in their way.
 * - "room" (a live round's room screen, shown to the whole room): nothing of
 *   the site at all, neither header, footer, banner nor skip link.
 */
function usePageLayout(): PageLayout {
  const layouts = useMatches().map((match) => (match.handle as { layout?: PageLayout } | undefined)?.layout);
  return layouts.findLast((layout) => layout !== undefined) ?? "site";
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const layout = usePageLayout();
  const appName = data?.appName ?? "CircleUp";
  usePageViews();
  // Marks the page interactive, for styles that differ before hydration and for browser tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      {/* The room's screen has nothing to skip and says its own connection state, in the space it keeps. */}
      {layout !== "room" && (
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
      )}
      {/* At the top, in the flow: it covers nothing and comes first in the tab order. */}
      {layout === "site" && <CookieBanner />}
      <NavigationProgress />
      {layout !== "room" && <OfflineBanner />}
      {layout === "site" && (
        <Header
          appName={appName}
          viewer={data?.viewer ?? null}
          planCount={data?.planCount ?? 0}
          features={data?.features ?? NO_FEATURES}
        />
      )}
      {layout === "focused" && <FocusedHeader appName={appName} />}
      <main id="main" className="flex-1">
        {children}
      </main>
      {layout === "site" && <Footer appName={appName} year={data?.year ?? new Date().getUTCFullYear()} />}
      {layout === "site" && data?.viewer && <PendingSaveNote signedIn />}
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Errors of routes without a boundary of their own, in the site's shell (its loader's data may be missing). */
export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorBoundary />
    </Shell>
  );
}
