import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };

const trees = new WeakMap<ServerBuild["routes"], Node[]>();

/** The build's flat route manifest as the nested routes matchRoutes reads, made once per build. */
function treeOf(manifest: ServerBuild["routes"]): Node[] {
  let tree = trees.get(manifest);
  if (tree) return tree;
  const nodes = new Map<string, Node>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, { id, path, index, caseSensitive, children: [] });
  }
  tree = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  trees.set(manifest, tree);
  return tree;
}

/**
 * The pattern of the route that serves a path, parameters in braces
 * ("/live/{code}/host"), never the path itself: paths hold join codes and
 * tokens, and each distinct one would be a new series in the metrics.
 * A page's data request ("/live/ABC.data") counts as its page.
 */
export function routePattern(manifest: ServerBuild["routes"], pathname: string): string {
  // matchRoutes ranks the whole route table on every call: about a millisecond and a half of CPU a request.
  if (pathname.length > KNOWN_PATH_LENGTH) return patternOf(manifest, pathname);
  let known = patterns.get(manifest);
  if (!known) {
    known = new Map<string, string>();
    patterns.set(manifest, known);
  }
  let pattern = known.get(pathname);
  if (pattern === undefined) {
    if (known.size >= KNOWN_PATHS) known.clear();
    pattern = patternOf(manifest, pathname);
    known.set(pathname, pattern);
  }
  return pattern;
}

/** Paths whose pattern is kept: most requests repeat a path (a page, an API call); one-off codes and ids only churn it. */
const KNOWN_PATHS = 2_000;
const KNOWN_PATH_LENGTH = 200;
const patterns = new WeakMap<ServerBuild["routes"], Map<string, string>>();

function patternOf(manifest: ServerBuild["routes"], pathname: string): string {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  // An index route never has children; ours have an empty list, which matchRoutes reads the same.
  const matches = matchRoutes(treeOf(manifest) as RouteObject[], page);
  if (!matches) return "(no route)";
  const segments = matches.flatMap((match) => (match.route.path ? [match.route.path] : []));
  return `/${segments.join("/")}`.replace(/:(\w+)/g, "{$1}").replace(/\/+/g, "/");
}
