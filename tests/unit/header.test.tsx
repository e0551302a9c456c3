import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "~/components/layout/Header";
import type { Viewer } from "~/shared/navigation";

function renderHeader(viewer: Viewer): string {
  return renderToString(
    <MemoryRouter>
      <Header appName="CircleUp" viewer={viewer} />
    </MemoryRouter>,
  );
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe("header links", () => {
  it("offers sign-in and sign-up to anonymous visitors, and no Saved or Admin", () => {
    const links = hrefs(renderHeader(null));
    expect(links).toEqual(expect.arrayContaining(["/", "/how-to", "/about", "/contact", "/sign-in", "/sign-up"]));
    expect(links).not.toContain("/saved-questions");
    expect(links).not.toContain("/admin");
    expect(links).not.toContain("/profile");
  });

  it("shows Saved and Profile to a signed-in user, but not Admin", () => {
    const links = hrefs(renderHeader({ id: "u1", name: "Ada", isAdmin: false, plan: "free" }));
    expect(links).toEqual(expect.arrayContaining(["/saved-questions", "/profile"]));
    expect(links).not.toContain("/admin");
    expect(links).not.toContain("/sign-in");
    expect(links).not.toContain("/sign-up");
  });

  it("shows Admin only to admins", () => {
    const html = renderHeader({ id: "u2", name: "Grace", isAdmin: true, plan: "free" });
    expect(hrefs(html)).toContain("/admin");
    expect(html).toContain(">Admin<");
  });

  it("has a mobile menu toggle that starts closed", () => {
    const html = renderHeader(null);
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toContain('aria-label="Open menu"');
  });
});
