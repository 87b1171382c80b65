import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyComponent, OpenedOnce } from './opened-once.tsx';

function Dialog({ open }: { open: boolean }) {
  return <p>{open ? 'Dialog open' : 'Dialog closed'}</p>;
}

let loads = 0;
const LazyDialog = lazyComponent(async () => {
  loads += 1;
  return Dialog;
});

describe('OpenedOnce', () => {
  it('loads and renders its lazy child from the first opening on, and keeps it after', async () => {
    const { rerender } = render(
      <OpenedOnce open={false}>
        <LazyDialog open={false} />
      </OpenedOnce>,
    );
    expect(screen.queryByText(/Dialog/)).not.toBeInTheDocument();
    expect(loads).toBe(0);

    rerender(
      <OpenedOnce open>
        <LazyDialog open />
      </OpenedOnce>,
    );
    expect(await screen.findByText('Dialog open')).toBeInTheDocument();
    expect(loads).toBe(1);

    // Closed again: still mounted (a dialog animates closed), not loaded again.
    rerender(
      <OpenedOnce open={false}>
        <LazyDialog open={false} />
      </OpenedOnce>,
    );
    expect(screen.getByText('Dialog closed')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
