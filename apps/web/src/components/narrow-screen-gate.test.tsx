import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NarrowScreenGate, narrowScreenGateApplies } from './narrow-screen-gate.tsx';
import { stubNarrowScreen } from '../../test/stubs.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NarrowScreenGate>
        <p>The page itself</p>
      </NarrowScreenGate>
    </MemoryRouter>,
  );
}

describe('narrow-screen gate', () => {
  it('covers every path but the public disclosure board', () => {
    for (const path of ['/home', '/login', '/dashboard', '/budget-planning/3', '/admin/roles']) {
      expect(narrowScreenGateApplies(path)).toBe(true);
    }
    expect(narrowScreenGateApplies('/disclosure-x')).toBe(true);
    expect(narrowScreenGateApplies('/disclosure/SB')).toBe(false);
    expect(narrowScreenGateApplies('/disclosure')).toBe(false);
    // The KK self-profiling form is for phones; the officers' registry is not.
    expect(narrowScreenGateApplies('/kk/SB')).toBe(false);
    expect(narrowScreenGateApplies('/kk')).toBe(true);
    expect(narrowScreenGateApplies('/kk/assemblies')).toBe(true);
    expect(narrowScreenGateApplies('/city', '?token=abc')).toBe(false);
    expect(narrowScreenGateApplies('/city')).toBe(true);
    expect(narrowScreenGateApplies('/city/dashboard', '?token=abc')).toBe(true);
  });

  it('shows Coming Soon on a phone for the signed-in app, with links to the boards', () => {
    stubNarrowScreen();
    renderAt('/budget-planning');
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    // A phone that opens a covered page never loads it.
    expect(screen.queryByText('The page itself')).not.toBeInTheDocument();
    // The directory of the barangays the installation serves (no demo names).
    expect(screen.getByRole('link', { name: 'All barangays' })).toHaveAttribute(
      'href',
      '/disclosure',
    );
  });

  it('shows the disclosure board itself on a phone', () => {
    stubNarrowScreen();
    renderAt('/disclosure/SB');
    expect(screen.getByText('The page itself')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Coming Soon' })).not.toBeInTheDocument();
  });

  it('keeps a page as it was left while a window is narrowed for a moment and widened again', () => {
    // A window that can be resized: the gate's media query follows `narrow`.
    let narrow = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          get matches() {
            return narrow && query.includes('max-width');
          },
          media: query,
          onchange: null,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    const resize = (to: boolean) =>
      act(() => {
        narrow = to;
        for (const listener of [...listeners]) {
          listener();
        }
      });
    function Picker() {
      const [picked, setPicked] = useState('Whole city');
      return (
        <label>
          Barangay
          <select value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option>Whole city</option>
            <option>San Bartolome</option>
          </select>
        </label>
      );
    }
    render(
      <MemoryRouter initialEntries={['/city/youth']}>
        <NarrowScreenGate>
          <Picker />
        </NarrowScreenGate>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Barangay'), { target: { value: 'San Bartolome' } });
    resize(true);
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Barangay' })).not.toBeInTheDocument();
    resize(false);
    expect(screen.queryByRole('heading', { name: 'Coming Soon' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveValue('San Bartolome');
  });
});
