import { data } from "react-router";
import { NotFound } from "~/components/NotFound";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches, {
    title: "Page not found",
    description: "The page you were looking for could not be found.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
