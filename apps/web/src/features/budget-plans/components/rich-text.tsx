import { Fragment, cloneElement } from 'react';
import type { ReactElement, ReactNode } from 'react';

/**
 * A translated message with marked parts (`Open the <0>{year} plan</0>`): the text of each
 * `<n>…</n>` goes into `parts[n]` (a link...), the rest stays text. The same as Lingui's `Trans`,
 * which needs the app's I18nProvider, while component tests render without one.
 */
export function RichText({
  text,
  parts,
}: {
  text: string;
  parts: readonly ReactElement<{ children?: ReactNode }>[];
}) {
  const nodes: ReactNode[] = [];
  const pattern = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) {
      nodes.push(text.slice(last, match.index));
    }
    const part = parts[Number(match[1])];
    const inner = match[2] ?? '';
    nodes.push(part ? cloneElement(part, { key: nodes.length }, inner) : inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) {
    nodes.push(text.slice(last));
  }
  return (
    <>
      {nodes.map((node, i) =>
        typeof node === 'string' ? <Fragment key={i}>{node}</Fragment> : node,
      )}
    </>
  );
}
