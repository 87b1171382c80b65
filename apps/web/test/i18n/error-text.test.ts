import { i18n } from '@lingui/core';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/lib/api-errors.ts';
import { messages as filipinoErrors } from '../../src/locales/fil/errors.json?lingui';

function failed(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: 'Bad Request',
      data,
      headers: {},
      config,
    },
  );
}

describe('server errors in the language shown', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('keeps the server message, word for word, in English', () => {
    const error = failed(409, { success: false, message: 'Plan changed.', code: 'PLAN_STALE' });
    expect(errorMessage(error)).toBe('Plan changed.');
  });

  it('shows the Filipino text of the code in Filipino, with the detail for generic codes', () => {
    i18n.load('fil', filipinoErrors);
    i18n.activate('fil');
    expect(
      errorMessage(failed(409, { success: false, message: 'Plan changed.', code: 'PLAN_STALE' })),
    ).toBe('May ibang naunang nag-save ng planong ito. I-reload at subukang muli.');
    expect(
      errorMessage(
        failed(400, { success: false, message: 'Year is required', code: 'VALIDATION_ERROR' }),
      ),
    ).toBe('May mga inilagay na hindi wasto. Pakitingnan ang form. (Year is required)');
    expect(errorMessage(failed(400, { success: false, message: 'No code here' }))).toBe(
      'No code here',
    );
  });

  it("shows a message the server worded in the reader's language as sent (the city's reason)", () => {
    i18n.load('fil', filipinoErrors);
    i18n.activate('fil');
    const message =
      'Idineklara ng lungsod na inoperative ang linyang 3000-1: "Hindi programa ng PYDP" (RA 10742 s. 20).';
    expect(errorMessage(failed(422, { success: false, message, code: 'ITEM_INOPERATIVE' }))).toBe(
      message,
    );
  });
});
