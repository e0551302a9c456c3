import { describe, expect, it } from "vitest";
import { pageWithin } from "~/domain/paging";

describe("pageWithin", () => {
  it("shows the page asked for, the last one past the end and the first one for nonsense", () => {
    expect(pageWithin(2, 60, 25)).toEqual({ page: 2, pageCount: 3 });
    expect(pageWithin(9, 60, 25)).toEqual({ page: 3, pageCount: 3 });
    expect(pageWithin(0, 60, 25)).toEqual({ page: 1, pageCount: 3 });
    expect(pageWithin(Number.NaN, 60, 25)).toEqual({ page: 1, pageCount: 3 });
    expect(pageWithin(2.7, 60, 25)).toEqual({ page: 2, pageCount: 3 });
  });

  it("has one empty page for an empty list", () => {
    expect(pageWithin(3, 0, 25)).toEqual({ page: 1, pageCount: 1 });
  });
});
