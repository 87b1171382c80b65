import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { T } from '../../src/i18n/index.ts';

describe('T', () => {
  it('renders a message with its marked part as the given element, outside the provider', () => {
    const { container } = render(
      <T
        id="plans.create.exists"
        values={{ year: '2027' }}
        components={{ 0: <a href="/plans/1" /> }}
      />,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', '/plans/1');
    expect(screen.getByRole('link').textContent).toContain('2027');
    expect(container.textContent).not.toContain('<0>');
  });
});
