/** shared/http/json.ts: members named twice in a JSON text, found on its token stream. */
import { describe, expect, it } from 'vitest';
import { duplicateMembers } from '../../../shared/http/json';

describe('duplicateMembers', async () => {
  it('names each member given twice in one object, by its path', async () => {
    expect(await duplicateMembers('{"Name":"first","Name":"second"}')).toEqual(['Name']);
    expect(await duplicateMembers('{"a":{"b":1,"b":2},"c":[{"d":1},{"d":1,"d":2}],"a":3,"a":4}')).toEqual([
      'a.b',
      'c.1.d',
      'a',
    ]);
  });

  it('compares names as JSON.parse reads them: escapes decoded', async () => {
    expect(await duplicateMembers('{"Name":1,"N\\u0061me":2}')).toEqual(['Name']);
    expect(await duplicateMembers('{"a\\"b":1,"a\\u0022b":2}')).toEqual(['a"b']);
  });

  it('finds none where names repeat only across objects, or as values', async () => {
    expect(await duplicateMembers('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}],"d":"a","e":["a","a"]}')).toEqual([]);
    expect(await duplicateMembers('[1,"x",{"x":"x"}]')).toEqual([]);
  });

  it('walks any depth without recursion', async () => {
    expect(await duplicateMembers(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toEqual([]);
    expect(await duplicateMembers(`${'{"a":'.repeat(50_000)}{"b":1,"b":1}${'}'.repeat(50_000)}`)).toEqual([
      `${'a.'.repeat(50_000)}b`,
    ]);
  });
});
