/** shared/data/container-items.ts: how a container and what stands beside it are stored. */
import { describe, expect, it } from 'vitest';
import { bookContentsWrite, containerItem, toRecord } from '../../../shared/data/container-items';
import { keys } from '../../../shared/data/table';
import { createContainer } from '../../../shared/domain/container-rules';

const tenant = { client: 'c', facility: 'f' };
const NOW = new Date('2026-11-20T08:00:00Z');
const open = createContainer(tenant, 'box', { Name: 'Box 7' }, [], NOW);

describe('containerItem', () => {
  it('is in the release index only in DECAY with a release date', () => {
    expect(containerItem(open)).not.toHaveProperty('G3PK');
    const held = { ...open, State: 'DECAY' as const, ReleaseDateTime: '2026-12-01 00:00:00' };
    expect(containerItem(held)).toMatchObject({
      PK: keys.tenant(tenant),
      SK: keys.container('box'),
      G3SK: expect.stringMatching(/^2026-12-01 00:00:00#c#f#box/),
    });
    expect(containerItem({ ...held, ReleaseDateTime: null })).not.toHaveProperty('G3PK');
  });

  it('reads back as the record, with what a release kept beside it and without the index keys', () => {
    const released = { ...open, ReleasedSpecificActivities: { 'F-18': 0.01 } };
    expect(toRecord(containerItem(released))).toEqual(released);
    expect(toRecord(containerItem(open))).toEqual(open);
  });
});

describe('bookContentsWrite', () => {
  it('puts the contents held of the book, and deletes the item with the last one gone', () => {
    const link = { kind: 'ELUATE', id: 'e1', nuclide: 'Ga-68', activity: 1e6, activityDateTime: '2026-11-20 07:00:00' };
    const put = bookContentsWrite('t', tenant, 'box', [link as never]);
    expect(put).toMatchObject({ Put: { Item: { SK: keys.containerBook('box'), ContainerUuid: 'box' } } });
    expect(bookContentsWrite('t', tenant, 'box', [])).toEqual({
      Delete: { TableName: 't', Key: { PK: keys.tenant(tenant), SK: keys.containerBook('box') } },
    });
  });
});
