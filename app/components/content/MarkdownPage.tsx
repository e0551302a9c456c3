import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ContentPage } from "~/components/ContentPage";

/**
 * HTML rendered on the server from our own reviewed Markdown. Its blocks sit
 * one level below the prose frame, so they get the frame's spacing here
 * (space-y-5). A click on a link to one of our pages navigates inside the
 * app, as a <Link> does, instead of loading the whole document again.
 */
export function MarkdownHtml({ html, className = "space-y-5" }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      const href = link?.getAttribute("href");
      if (!link || !href || link.target || link.hasAttribute("download")) return;
      if (!href.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      navigate(href);
    }
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own reviewed Markdown from content/, rendered on the server; never user input.
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A text page from content/pages: the page frame, optional content above the prose, then the prose. */
export function MarkdownPage({
  page,
  children,
}: {
  page: { title: string; lead?: string; html: string };
  children?: ReactNode;
}) {
  return (
    <ContentPage title={page.title} lead={page.lead}>
      {children}
      <MarkdownHtml html={page.html} />
    </ContentPage>
  );
}
