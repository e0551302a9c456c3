import { BaseSequencer, type TestSpecification } from "vitest/node";
import { isClusterFile } from "./page-slots";

/** The project of the first group: the files that look at pages, and the cluster files beside them. */
export const FIRST_GROUP = "e2e-pages";

/**
 * Vitest's order (by group and project, the largest files first), with the
 * first group's cluster files spread among its page files: two page files,
 * then a cluster file, and so on. A worker that finishes takes the next
 * file in line, so one of the three is usually on a cluster file while the
 * other two hold the page slots.
 */
export default class ClustersAmongPages extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = sorted.findIndex((spec) => spec.project.name === FIRST_GROUP);
    if (at < 0) return sorted;
    const first = sorted.filter((spec) => spec.project.name === FIRST_GROUP);
    const clusters = first.filter((spec) => isClusterFile(spec.moduleId));
    const pages = first.filter((spec) => !isClusterFile(spec.moduleId));
    const spread: TestSpecification[] = [];
    while (pages.length > 0 || clusters.length > 0) spread.push(...pages.splice(0, 2), ...clusters.splice(0, 1));
    return [...sorted.slice(0, at), ...spread, ...sorted.slice(at + first.length)];
  }
}
