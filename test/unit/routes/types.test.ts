/** shared/routes/types.ts: what a route is; the variables of its path. */
import { describe, expect, it } from 'vitest';
import { pathVariables } from '../../../shared/routes/types';

describe('pathVariables', () => {
  it('lists the variables of a template in order', () => {
    expect(pathVariables('/a/{clientUuid}/{facilityUuid}/b/{page}')).toEqual(['clientUuid', 'facilityUuid', 'page']);
    expect(pathVariables('/docs')).toEqual([]);
  });
});
