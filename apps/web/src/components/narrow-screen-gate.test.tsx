import { render, screen } from '@testing-library/react';
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
    expect(screen.queryByText('The page itself')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'San Bartolome' })).toHaveAttribute(
      'href',
      '/disclosure/SB',
    );
  });

  it('shows the disclosure board itself on a phone', () => {
    stubNarrowScreen();
    renderAt('/disclosure/SB');
    expect(screen.getByText('The page itself')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Coming Soon' })).not.toBeInTheDocument();
  });
});
