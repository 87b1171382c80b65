import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A translated message with `<0>...</0>` tags, as React nodes: each tag's text goes into a copy
 * of its element (`{ 0: <strong /> }`), the rest stays text. Tags do not nest. Works with or
 * without the app's I18nProvider (component tests render without one).
 */
export function richText(message: string, elements: Record<number, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  const tag = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let at = 0;
  let index = 0;
  for (const match of message.matchAll(tag)) {
    if (match.index > at) {
      nodes.push(<Fragment key={`t${index}`}>{message.slice(at, match.index)}</Fragment>);
    }
    const element = elements[Number(match[1])];
    nodes.push(
      element ? (
        cloneElement(element, { key: `e${index}` }, match[2])
      ) : (
        <Fragment key={`e${index}`}>{match[2]}</Fragment>
      ),
    );
    at = match.index + match[0].length;
    index += 1;
  }
  if (at < message.length) {
    nodes.push(<Fragment key="end">{message.slice(at)}</Fragment>);
  }
  return nodes;
}
