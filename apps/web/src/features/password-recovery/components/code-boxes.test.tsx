import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodeBoxes, emptyCode } from './code-boxes.tsx';

function Harness() {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  return (
    <>
      <CodeBoxes digits={digits} onChange={setDigits} />
      <output aria-label="code">{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const code = () => screen.getByRole('status', { name: 'code' }).textContent;

describe('the six code boxes', () => {
  it('has six labelled single-digit boxes', () => {
    render(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('maxlength', '1');
  });

  it('moves to the next box after each digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(code()).toBe('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('ignores anything that is not a digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a- ');
    expect(code()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('clears with Backspace and moves back from an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('clears a filled box in place with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(code()).toBe('13');
    expect(box(2)).toHaveFocus();
    await user.keyboard('7');
    expect(code()).toBe('173');
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.keyboard('{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
  });

  it('fills every box from a pasted 6-digit code, leading zeros included', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('012345');
    expect(code()).toBe('012345');
    expect(box(6)).toHaveFocus();
  });

  it('ignores a pasted value that is not exactly 6 digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    for (const text of ['12345', '1234567', '12a456', 'abcdef']) {
      await user.paste(text);
      expect(code()).toBe('');
    }
  });
});
