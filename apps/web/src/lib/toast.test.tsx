import { act, render, renderHook, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { toast, useToastsWanted } from './toast.ts';

describe('toast', () => {
  it('asks for the toasts container with the first toast, and shows the queued toasts', async () => {
    const wanted = renderHook(() => useToastsWanted());
    expect(wanted.result.current).toBe(false);

    act(() => {
      toast.success('Saved.');
      toast.error('Not saved.');
    });
    expect(wanted.result.current).toBe(true);

    // The container mounts after the toasts were raised (as the root layout's does): they show.
    render(<ToastContainer />);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await screen.findByText('Not saved.')).toBeInTheDocument();
  });
});
