import { useRouteLoaderData } from "react-router";
import { NO_FEATURES, type SiteFeatures } from "~/shared/features";

/** What this server does (AI, Premium for sale), from the root loader: controls and words follow it. */
export function useFeatures(): SiteFeatures {
  const data = useRouteLoaderData("root") as { features?: SiteFeatures } | undefined;
  return data?.features ?? NO_FEATURES;
}
