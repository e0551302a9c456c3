import { createContext, type ReactNode, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the response's CSP nonce from entry.server to the inline scripts React Router renders. */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce on the server; undefined in the browser, which hides nonces from scripts anyway. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
