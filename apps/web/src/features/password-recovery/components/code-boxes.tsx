import { useImperativeHandle, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OTP_LENGTH } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

export interface CodeBoxesHandle {
  focusFirst: () => void;
}

export interface CodeBoxesProps {
  /** One entry per box: a single digit or ''. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  error?: boolean;
  ref?: Ref<CodeBoxesHandle>;
}

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

const PASTE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * Six single-digit boxes: typing a digit moves on, Backspace clears and moves back, the arrow
 * keys move, and pasting exactly six digits fills every box (anything else pasted is ignored).
 */
export function CodeBoxes({ digits, onChange, disabled, error, ref }: CodeBoxesProps) {
  const t = useT();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  };

  useImperativeHandle(ref, () => ({ focusFirst: () => focusBox(0) }), []);

  const setDigit = (index: number, value: string) => {
    const next = [...digits];
    next[index] = value;
    onChange(next);
  };

  const handleInput = (index: number, raw: string) => {
    if (raw === '') {
      setDigit(index, '');
      return;
    }
    // The box may briefly hold its old digit plus the new one: keep the last digit typed.
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (!digit) {
      return;
    }
    setDigit(index, digit);
    if (index < OTP_LENGTH - 1) {
      focusBox(index + 1);
    }
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text').trim();
    if (!PASTE_PATTERN.test(text)) {
      return;
    }
    onChange(text.split(''));
    focusBox(OTP_LENGTH - 1);
  };

  return (
    <Box
      role="group"
      aria-label={t('recovery.code.group')}
      sx={{ display: 'flex', gap: 1.25, justifyContent: 'center' }}
    >
      {digits.map((digit, index) => (
        <OutlinedInput
          key={index}
          value={digit}
          disabled={disabled}
          error={error}
          inputRef={(element: HTMLInputElement | null) => {
            inputs.current[index] = element;
          }}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          inputProps={{
            'aria-label': t('recovery.code.digit', { index: index + 1, length: OTP_LENGTH }),
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: 1,
            autoComplete: index === 0 ? 'one-time-code' : 'off',
          }}
          sx={{
            width: 52,
            height: 60,
            '& input': {
              textAlign: 'center',
              fontSize: '1.6rem',
              fontWeight: 700,
              p: 0,
              height: '100%',
            },
          }}
        />
      ))}
    </Box>
  );
}
