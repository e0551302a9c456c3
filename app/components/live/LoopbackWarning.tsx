/**
 * Said on the host's screen when the join address points at the host's own
 * computer (the server runs without PUBLIC_URL): the round would start, and
 * no phone in the room could open it.
 */
export function LoopbackWarning({ joinAddress }: { joinAddress: string }) {
  return (
    <section
      aria-labelledby="loopback-title"
      className="rounded-2xl border-2 border-accent-400 bg-accent-100 px-5 py-4 text-ink"
    >
      <h2 id="loopback-title" className="font-semibold">
        Phones cannot open this join address
      </h2>
      <p className="mt-1">
        <strong className="font-semibold">{joinAddress}</strong> points at this computer itself, so nobody else's phone
        can reach it. Set <code className="font-mono font-semibold">PUBLIC_URL</code> to an address phones can reach
        (the site's public address, or this computer's address on your network) and restart the server.
      </p>
    </section>
  );
}
