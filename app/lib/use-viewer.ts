import { useRouteLoaderData } from "react-router";
import type { Viewer } from "~/shared/navigation";

/** Who is looking at the page, from the root loader (null for visitors). */
export function useViewer(): Viewer {
  const data = useRouteLoaderData("root") as { viewer?: Viewer } | undefined;
  return data?.viewer ?? null;
}
