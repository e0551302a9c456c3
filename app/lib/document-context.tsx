import { createContext, type ReactNode, useContext } from "react";

type DocumentContext = { nonce: string | undefined; inlineStyles: string };

const Context = createContext<DocumentContext>({ nonce: undefined, inlineStyles: "" });

/**
 * What only the server knows when it writes the document: the response's CSP
 * nonce and the stylesheet that is inlined into <head>. Passing the stylesheet
 * this way keeps it out of the browser's JavaScript, where it would be
 * downloaded a second time for nothing.
 */
export function DocumentProvider({
  nonce,
  inlineStyles,
  children,
}: DocumentContext & { nonce: string; children: ReactNode }) {
  return <Context.Provider value={{ nonce, inlineStyles }}>{children}</Context.Provider>;
}

/** The nonce on the server; undefined in the browser, which hides nonces from scripts anyway. */
export function useNonce(): string | undefined {
  return useContext(Context).nonce;
}

/** The stylesheet's text on the server; empty in the browser, which keeps the server-rendered <style>. */
export function useInlineStyles(): string {
  return useContext(Context).inlineStyles;
}
