/** shared/http/query.ts: a request's query held to what its route declares. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { queryOf } from '../../../shared/http/query';
import { detailText } from '../../../shared/i18n/translate';
import { FLAG, REQUIRED_TEXT, TEXT, type Route } from '../../../shared/routes/types';

const route: Pick<Route, 'query'> = { query: { dryRun: FLAG, State: TEXT, from: REQUIRED_TEXT } };

/** The detail lines (English) of the 400 a query gets, or the query it passes as. */
function check(rawQuery: string, on: Pick<Route, 'query'> = route) {
  try {
    return queryOf(on, rawQuery);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect([error.statusCode, error.notification.key]).toEqual([400, 'request.invalid']);
    return (error.notification.details ?? []).map((d) => detailText(d, 'en'));
  }
}

describe('queryOf', () => {
  it('hands on what the route declares: a flag as a boolean, a text as given (decoded)', () => {
    expect(check('from=exports%2Fa%2F&dryRun=true&State=A+B')).toEqual({
      from: 'exports/a/',
      dryRun: true,
      State: 'A B',
    });
    expect(check('from=x&dryRun=false')).toEqual({ from: 'x', dryRun: false });
    expect(check('', {})).toEqual({});
    expect(check('', { query: { State: TEXT } })).toEqual({});
  });

  it('refuses a parameter the route does not declare, whatever its spelling', () => {
    expect(check('from=x&dryrun=true&DryRun=true&dry_run=true')).toEqual([
      'dryrun: is not a parameter of this route',
      'DryRun: is not a parameter of this route',
      'dry_run: is not a parameter of this route',
    ]);
    expect(check('State=ACTIVE', {})).toEqual(['State: is not a parameter of this route']);
    expect(check('__proto__=1&constructor=2', {})).toEqual([
      '__proto__: is not a parameter of this route',
      'constructor: is not a parameter of this route',
    ]);
  });

  it('refuses a declared parameter given twice, once however often', () => {
    expect(check('from=x&State=A&State=A&State=B')).toEqual(['State: is given more than once']);
    expect(check('from=x&dryRun=true&dryRun=false')).toEqual(['dryRun: is given more than once']);
  });

  it('takes a flag only as exactly true or false', () => {
    for (const value of ['1', 'TRUE', 'yes', '', 'true%20', 'on'])
      expect(check(`from=x&dryRun=${value}`), value).toEqual(['dryRun: must be true or false']);
    expect(check('from=x&dryRun')).toEqual(['dryRun: must be true or false']);
  });

  it('names a required parameter that is missing, after every other problem', () => {
    expect(check('foo=1')).toEqual(['foo: is not a parameter of this route', 'from: is required']);
  });
});
