/** shared/i18n/translate.ts: the language of an answer and the Notification element. */
import { describe, expect, it, vi } from 'vitest';
import { loadLanguage, MAX_DETAILS, notification, pickLanguage } from '../../../shared/i18n/translate';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['de', 'de'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en;q=0.5, de;q=0.9', 'de'],
    ['de;q=0.1, en;q=0.2', 'en'],
    ['fr-FR, fr;q=0.9', 'en'],
    ['*', 'en'],
    ['de;q=0', 'en'],
    ['de-AT', 'de'],
    ['DE-ch;q=0.7, en-GB;q=0.6', 'de'],
    ['*;q=0.5, de;q=0.1', 'en'],
    ['de, en', 'de'],
    ['en;q=0.8, de;q=0.8', 'en'],
    ['de;q=abc, en;q=0.1', 'en'],
    [' , ;q=1', 'en'],
  ])('%j picks %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('the German catalogue', () => {
  it('is loaded by the first request that asks for German; before, a text comes in English', async () => {
    // A fresh copy of the module (the unit tests share their modules): nothing has asked it for German yet.
    vi.resetModules();
    const { languageOf, notification } = await import('../../../shared/i18n/translate');
    const spec = {
      key: 'container.created' as const,
      details: [{ key: 'detail.required' as const, params: { field: 'X' } }],
    };
    expect(notification(spec, 'de')).toMatchObject({
      LocalizedMessage: 'The container was created.',
      Details: ['X: is required'],
    });
    expect(await languageOf('en')).toBe('en');
    expect(notification(spec, 'de').LocalizedMessage).toBe('The container was created.');
    expect(await languageOf('de-DE, en;q=0.5')).toBe('de');
    expect(notification(spec, 'de')).toMatchObject({
      LocalizedMessage: 'Der Behälter wurde angelegt.',
      Details: ['X: ist erforderlich'],
    });
    // English stays English.
    expect(notification(spec, 'en').LocalizedMessage).toBe('The container was created.');
  });
});

describe('notification', () => {
  it('builds the Notification element with localized message and details', async () => {
    await loadLanguage('de');
    const de = notification(
      {
        key: 'container.state_change_forbidden',
        params: { from: 'OPEN', to: 'DISPOSED' },
        details: [{ key: 'detail.required', params: { field: 'Name' } }],
      },
      'de',
    );
    expect(de).toEqual({
      Type: 'Error',
      Message: 'container.state_change_forbidden',
      LocalizedMessage: 'Der Status kann nicht von OPEN zu DISPOSED wechseln.',
      Level: 400,
      LevelAsString: 'ERROR',
      Details: ['Name: ist erforderlich'],
      Code: 40901,
    });
    expect(notification({ key: 'container.created' }, 'en')).toMatchObject({
      Type: 'Success',
      Level: 200,
      LevelAsString: 'INFO',
    });
  });

  it(`lists at most ${MAX_DETAILS} details; the message then says how many problems there are`, async () => {
    await loadLanguage('de');
    const details = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: 'detail.unknown_member' as const, params: { field: `m${i}` } }));
    const many = notification({ key: 'request.invalid', details: details(5000) }, 'en');
    expect(many.Details).toHaveLength(MAX_DETAILS);
    expect(many.Details.at(-1)).toBe(`m${MAX_DETAILS - 1}: unknown member`);
    expect(many.LocalizedMessage).toBe(
      `The request is invalid. 5000 problems; the details list the first ${MAX_DETAILS}.`,
    );
    expect(notification({ key: 'request.invalid', details: details(5000) }, 'de').LocalizedMessage).toBe(
      `Die Anfrage ist ungültig. 5000 Probleme; die Details nennen die ersten ${MAX_DETAILS}.`,
    );
    const enough = notification({ key: 'request.invalid', details: details(MAX_DETAILS) }, 'en');
    expect([enough.Details.length, enough.LocalizedMessage]).toEqual([MAX_DETAILS, 'The request is invalid.']);
  });
});
