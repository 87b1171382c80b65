import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VIEW } from '../lib/test-fixtures.ts';
import { StackedBarChart } from './stacked-bar-chart.tsx';

function renderChart() {
  render(
    <>
      <button type="button">Before the chart</button>
      <StackedBarChart view={VIEW} title="Stacked Budget by Committee and Year" />
      <button type="button">After the chart</button>
    </>,
  );
  return { user: userEvent.setup() };
}

const bar = (name: string) => screen.getByRole('img', { name });

/** The transparent area over a year's column that opens its tooltip on hover. */
function column(year: string): Element {
  const area = document.querySelector(`[data-year="${year}"] rect[fill="transparent"]`);
  if (!area) {
    throw new Error(`no hover area for ${year}`);
  }
  return area;
}

describe('stacked bar chart by keyboard', () => {
  it('shows the year’s tooltip when Tab reaches a bar, and names the bar’s year, series and amount', async () => {
    const { user } = renderChart();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(bar('2024, Education: ₱100')).toHaveFocus();
    const tooltip = screen.getByRole('status');
    expect(tooltip).toHaveTextContent('2024');
    expect(tooltip).toHaveTextContent('Education: ₱100');
    expect(tooltip).toHaveTextContent('=SUM(A1): ₱50');
    expect(tooltip).toHaveTextContent('Total: ₱150');
  });

  it('moves between years and through a stack with the arrow keys, with the forecast ranges', async () => {
    const { user } = renderChart();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowUp}');
    expect(bar('2024, =SUM(A1): ₱50')).toHaveFocus();
    // 2025 has one segment: the move lands on it, the nearest height in its stack.
    await user.keyboard('{ArrowRight}');
    expect(bar('2025, Education: ₱120')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱120');
    await user.keyboard('{End}');
    expect(bar('2026 (forecast), Education: ₱150')).toHaveFocus();
    const tooltip = screen.getByRole('status');
    expect(tooltip).toHaveTextContent('2026 (forecast)');
    expect(tooltip).toHaveTextContent('80% range: ₱180 – ₱230');
    expect(tooltip).toHaveTextContent('95% range: ₱160 – ₱260');
    await user.keyboard('{Home}');
    expect(bar('2024, Education: ₱100')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱150');
  });

  it('hides the tooltip on Escape and on leaving the chart, and is one Tab stop', async () => {
    const { user } = renderChart();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(bar('2025, Education: ₱120')).toHaveFocus();
    // Moving on shows it again.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱150');
    // The next Tab leaves the chart; coming back lands on the bar last read.
    await user.tab();
    expect(screen.getByRole('button', { name: 'After the chart' })).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    expect(bar('2024, Education: ₱100')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱150');
  });

  it('still opens a year’s tooltip on hover, and follows whichever moved last', async () => {
    const { user } = renderChart();
    await user.hover(column('2025'));
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱120');
    // The pointer rests on 2025 while the keyboard reaches 2024: the tooltip is 2024's.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('Total: ₱150');
    await user.hover(column('2026'));
    expect(screen.getByRole('status')).toHaveTextContent('2026 (forecast)');
  });
});
