/**
 * Registers the installed app's service worker (built from
 * app/service-worker.ts). It is a script of our own origin, which the page's
 * Content-Security-Policy allows ('self'), so no nonce is needed. Production
 * builds only: in development Vite serves modules the worker knows nothing of.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // After the page's own requests: the worker's precaching should not compete with them.
  const register = () => void navigator.serviceWorker.register("/service-worker.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
