// Debug mode (the live tool's debug panel, the session page's developer log) is for developers: it is offered
// only when the address asks for it (`?debug=1`), or when the live tool turned it on itself after errors
// ("shown only in debug mode"; processing errors auto-enable it).

/** True when the page's address carries `debug=1` (or `debug` alone, or `debug=true`). */
export function debugRequested(
  search: string = typeof location === 'undefined' ? '' : location.search,
): boolean {
  const value = new URLSearchParams(search).get('debug');
  return value !== null && (value === '' || value === '1' || value === 'true');
}
