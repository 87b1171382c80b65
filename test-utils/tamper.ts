/**
 * A signed value with one character changed, so it always differs from the original. Replacing
 * a character by a fixed one ('A') left a signature that already began with it unchanged, about
 * one run in 64: the backup link test passed a link it meant to have broken (stop 30's run).
 */
export function tamper(value: string, index = 0): string {
  const at = index < 0 ? value.length + index : index;
  const replacement = value[at] === 'A' ? 'B' : 'A';
  return `${value.slice(0, at)}${replacement}${value.slice(at + 1)}`;
}

/** A link whose `sig` parameter has its first character changed. */
export function tamperSignature(url: string): string {
  return url.replace(/sig=([^&]+)/, (_match, sig: string) => `sig=${tamper(sig)}`);
}
