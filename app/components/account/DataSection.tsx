import { Download } from "~/components/icons";
import { Section, sectionIconClass } from "./Section";

export function DataSection() {
  return (
    <Section id="data" title="Your data" icon={<Download className={sectionIconClass} aria-hidden="true" />}>
      <p className="text-ink-muted">Everything we keep about you, as one JSON file.</p>
      {/* A plain link, not a router Link: the export is a file download, not a page. */}
      <a
        href="/profile/export"
        download
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-5 text-sm font-semibold text-ink hover:bg-sand"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Download my data
      </a>
    </Section>
  );
}
