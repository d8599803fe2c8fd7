/** shared/schemas/content.ts through parseBody: the body of a container content and its 400 details. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { contentCreateSchema, contentMembers } from '../../../shared/schemas/content';
import { refusal } from '../../support/body';

describe('content bodies', () => {
  it('needs a ContentId (Kind and Nuclide unless it names an item of the book); Activity, its time null', () => {
    expect(refusal(contentCreateSchema, {}, contentMembers)).toEqual(['ContentId: is required']);
    expect(parseBody(contentCreateSchema, { ContentId: 'item-1' }, contentMembers).value).toEqual({
      ContentId: 'item-1',
    });
    const body = {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'p1',
      Nuclide: 'F-18',
      Activity: null,
      ActivityDateTime: null,
    };
    expect(parseBody(contentCreateSchema, body, contentMembers).value).toEqual(body);
  });

  it('takes only the known kinds and nuclides, an identifier, an activity of zero or more and a real timestamp', () => {
    expect(
      refusal(
        contentCreateSchema,
        { Kind: 'BOX', ContentId: 'a b', Nuclide: 'Xx-1', Activity: -1, ActivityDateTime: 'now' },
        contentMembers,
      ),
    ).toEqual([
      'Kind: must be one of CYCLOTRON_PRODUCT, GENERATOR_ELUAT',
      'ContentId: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      expect.stringMatching(/^Nuclide: must be one of .*\bF-18\b.*\bI-131\b/),
      'Activity: must be a finite number, zero or more',
      'ActivityDateTime: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    ]);
  });

  it('ignores what the service sets (Uuid, CreatedAt, CreatedBy)', () => {
    const parsed = parseBody(
      contentCreateSchema,
      { Kind: 'GENERATOR_ELUAT', ContentId: 'e1', Nuclide: 'Ga-68', Uuid: 'x', CreatedAt: 'y', CreatedBy: 'z' },
      contentMembers,
    );
    expect(parsed.ignored).toEqual(['Uuid', 'CreatedAt', 'CreatedBy']);
  });

  it('takes Impurities: known nuclides, a fraction strictly between 0 and 1, [] or null; 400 naming the rest', () => {
    const base = { Kind: 'GENERATOR_ELUAT', ContentId: 'e1', Nuclide: 'Ga-68' };
    const body = { ...base, Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }] };
    expect(parseBody(contentCreateSchema, body, contentMembers).value).toEqual(body);
    expect(parseBody(contentCreateSchema, { ...base, Impurities: [] }, contentMembers).value.Impurities).toEqual([]);
    expect(
      refusal(
        contentCreateSchema,
        {
          ...base,
          Impurities: [
            { Nuclide: 'Ge-68', Fraction: 1 },
            { Nuclide: 'Xx-1', Fraction: 0 },
          ],
        },
        contentMembers,
      ),
    ).toEqual([
      'Impurities.0.Fraction: must be a number greater than 0 and less than 1',
      expect.stringMatching(/^Impurities\.1\.Nuclide: /),
      'Impurities.1.Fraction: must be a number greater than 0 and less than 1',
    ]);
    // A member the impurity does not have is a 400 naming it, never a 500.
    expect(
      refusal(
        contentCreateSchema,
        { ...base, Impurities: [{ Nuclide: 'Ge-68', Fraction: 0.1, X: 1 }] },
        contentMembers,
      ),
    ).toEqual([expect.stringMatching(/^Impurities\.0/)]);
  });
});
