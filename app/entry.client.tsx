import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "~/lib/hydration-event";
import { registerServiceWorker } from "~/lib/service-worker";

// AppScripts (root.tsx) starts this module after the server's HTML has painted.
document.dispatchEvent(new Event(HYDRATING_EVENT));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
registerServiceWorker();
