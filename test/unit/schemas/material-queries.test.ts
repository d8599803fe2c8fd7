/** shared/schemas/material-queries.ts: the material book's query parameters, a month, a state and a moment. */
import { describe, expect, it } from 'vitest';
import { notification } from '../../../shared/i18n/translate';
import { parseQueryText } from '../../../shared/schemas/body';
import { atQuery, monthQuery, stateQuery } from '../../../shared/schemas/material-queries';
import { errorOf } from '../../support/errors';

const english = (fn: () => unknown) =>
  (errorOf(fn).notification.details ?? []).map(
    (d) => notification({ key: 'request.invalid', details: [d] }, 'en').Details[0],
  );

describe('queries', () => {
  it('take a calendar month, a state and a moment, or 400 naming the parameter', () => {
    expect(parseQueryText(monthQuery, { month: '2026-01' }, 'month')).toBe('2026-01');
    for (const month of ['2026-13', '2026-1', '2026-00', '0000-12', undefined])
      expect(english(() => parseQueryText(monthQuery, { month }, 'month'))[0]).toMatch(/^month: /);
    expect(parseQueryText(stateQuery, {}, 'State')).toBeUndefined();
    expect(parseQueryText(stateQuery, { State: 'USED_UP' }, 'State')).toBe('USED_UP');
    expect(english(() => parseQueryText(stateQuery, { State: 'GONE' }, 'State'))).toEqual([
      'State: must be one of IN_STOCK, USED_UP',
    ]);
    expect(parseQueryText(atQuery, { at: '2026-11-20 10:00:00' }, 'at')).toBe('2026-11-20 10:00:00');
    expect(english(() => parseQueryText(atQuery, { at: '2026-11-20T10:00:00Z' }, 'at'))).toEqual([
      'at: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    ]);
  });
});
