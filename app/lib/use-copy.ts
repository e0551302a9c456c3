import { useEffect, useRef, useState } from "react";

/** How long the Copied indicator stays after a copy: 2 seconds. */
export const COPIED_MS = 2000;

/** Copies text to the clipboard; `copied` is true for two seconds afterwards. Failures are only logged. */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn("Copy failed", error);
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    return true;
  };
  return { copied, copy };
}
