/** A readable device name from a user agent, good enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  // Edge and Chrome also name Safari, and Edge names Chrome: the most specific token is tested first.
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  // iPads and iPhones also claim "Mac OS X", and Android claims Linux.
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}
