/** Id of the `<script type="application/json">` that carries the server render's data to the browser. */
export const SSR_STATE_ID = 'ssr-state';

/** The server render's data, or null on a page the server did not render (the Vite dev server). */
export function readSsrState<T>(): T | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}
