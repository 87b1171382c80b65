/**
 * Full page navigation. Logout uses it so no in-memory data of the signed-out user survives
 * and no route guard can race the redirect.
 */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
