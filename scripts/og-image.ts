/**
 * npm run og:image — draws public/og-image.png, the 1200x630 preview chat
 * tools and search engines show for a CircleUp link, in Chromium. Run it
 * after changing the product's look; the image is committed.
 */
import path from "node:path";
import { chromiumPath, launchBrowser } from "../tests/support/browser";

const executable = chromiumPath();
if (!executable) throw new Error("Needs Chromium: apt-get install chromium, or set CHROMIUM_PATH");

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;display:flex;flex-direction:column;justify-content:space-between;
  background:linear-gradient(160deg,#edf7f5 0%,#fbf8f3 60%,#f4eee4 100%);font-family:'DejaVu Sans',Arial,sans-serif;color:#1f2a2e">
  <div style="display:flex;align-items:center;gap:20px">
    <div style="width:64px;height:64px;border-radius:50%;background:#17645b;display:flex;align-items:center;justify-content:center">
      <div style="width:30px;height:30px;border-radius:50%;border:6px solid #fbf8f3"></div>
    </div>
    <div style="font-family:'DejaVu Serif',Georgia,serif;font-size:48px;font-weight:700;color:#17645b">CircleUp</div>
  </div>
  <div style="background:#ffffff;border:2px solid #e5dccd;border-radius:32px;padding:44px 52px;box-shadow:0 12px 40px rgba(15,61,56,0.08)">
    <div style="font-size:24px;font-weight:700;letter-spacing:2px;text-transform:uppercase;color:#b24c16">Check-in question</div>
    <div style="margin-top:18px;font-family:'DejaVu Serif',Georgia,serif;font-size:46px;line-height:1.25">“What is one small thing that made your week better?”</div>
  </div>
  <div style="font-size:27px;color:#4a585d">The right check-in, energizer or check-out question for every meeting</div>
</div></body></html>`;

const browser = await launchBrowser(executable);
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  const file = path.resolve(import.meta.dirname, "../public/og-image.png");
  await page.screenshot({ path: file, type: "png" });
  console.log(`wrote ${file}`);
} finally {
  await browser.close();
}
