import { API_REFERENCE_SCRIPT } from "~/web/api-reference.server";
import type { Route } from "./+types/docs";

/**
 * GET /api/docs: the API's reference, rendered in the browser from
 * /api/openapi.json by Scalar's bundle, served from our own origin (the
 * page works offline and under our Content-Security-Policy): its one inline
 * script carries this response's nonce, and Scalar's own fonts, telemetry,
 * request proxy and AI chat are off, since each would call Scalar's servers.
 */
export function loader({ context }: Route.LoaderArgs) {
  const nonce = context.cspNonce;
  const options = {
    url: "/api/openapi.json",
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    hideClientButton: true,
    documentDownloadType: "json",
    // Scalar's light theme sets grey and method colours below 4.5:1 on white; these keep its hues at readable contrast.
    forceDarkModeState: "light",
    hideDarkModeToggle: true,
    customCss: `.light-mode {
  --scalar-color-3: #646464;
  --scalar-color-green: #047857;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-orange: #c2410c;
  --scalar-color-yellow: #a16207;
  --scalar-color-red: #b91c1c;
  --scalar-color-purple: #7e22ce;
}`,
  };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CircleUp API reference</title>
<meta name="description" content="The CircleUp API: every /api/v1 operation, its input, its answers and its error codes.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript><p>The reference needs JavaScript. The API's description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="app"></div>
<script src="${API_REFERENCE_SCRIPT}"></script>
<script nonce="${nonce}">Scalar.createApiReference("#app", ${JSON.stringify(options)});</script>
</body>
</html>
`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
