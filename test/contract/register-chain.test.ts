/**
 * The book survives (StrlSchV § 86 Abs. 2), over HTTP: releases at once chain in order; a changed line is named by
 * verify; a removed line is found missing; each line lies locked beside its PDF in the records bucket.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../shared/data/table';
import { registerLineKey } from '../../shared/domain/register-chain';
import { call, documentClient, newTenant, runtime, s3Client } from '../support/api';
import { rpoOf } from '../support/registers';
import { releasable, releaseOf } from '../support/releases';

const year = new Date().getUTCFullYear();
const registerOf = (t: { client: string; facility: string }, suffix = '') =>
  `/waste-management/api/v1/${t.client}/${t.facility}/release-register${suffix}?year=${year}`;

/** A tenant with `count` containers released, `together` at once. */
async function released(count: number, together: boolean) {
  const t = newTenant();
  const first = await releasable(t, { name: 'Box 0' });
  const ready = [first];
  for (let i = 1; i < count; i++)
    ready.push(await releasable(t, { name: `Box ${i}`, notice: first.notice, instrument: first.instrument }));
  const release = (r: (typeof ready)[number]) => releaseOf(t, r.uuid, { ClearanceNoticeUuid: r.notice });
  const answers = together ? await Promise.all(ready.map(release)) : [];
  if (!together) for (const r of ready) answers.push(await release(r));
  for (const answer of answers) expect(answer.status, answer.text).toBe(200);
  const lines = (await call('GET', registerOf(t), { token: rpoOf(t) })).body.ReleaseRegisterModelCollection;
  return { t, lines: chainOrder(lines as Record<string, any>[]) };
}
/** Lines in the order of the chain (releases in one second sort by container in the register). */
function chainOrder(lines: Record<string, any>[]) {
  const ordered = [lines.find((l) => l.PreviousSha256 === null)!];
  while (ordered.length < lines.length)
    ordered.push(lines.find((l) => l.PreviousSha256 === ordered.at(-1)!.LineSha256)!);
  return ordered;
}
const verify = async (t: { client: string; facility: string }) =>
  (await call('GET', registerOf(t, '/verify'), { token: rpoOf(t) })).body.ReleaseRegisterVerificationModel;

describe('the register chain', () => {
  it('three releases at once chain one after another, never two after one', async () => {
    const { t, lines } = await released(3, true);
    expect(lines).toHaveLength(3);
    // One chain: each line follows the one before it (chainOrder found every link), none follows two.
    expect(new Set(lines.map((l) => l.PreviousSha256)).size).toBe(3);
    expect(lines.every(Boolean)).toBe(true);
    expect(await verify(t)).toEqual({ Valid: true, Lines: 3, Objects: 3, FirstBroken: null, Missing: [] });
    // Each line lies locked beside its PDF: the object is the line, member for member.
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: runtime().recordsBucketName, Key: registerLineKey(t, lines[0] as never) }),
    );
    expect(JSON.parse(await object.Body!.transformToString())).toEqual(lines[0]);
  });

  it('a line changed in the table is named; a line removed is missing and breaks the chain', async () => {
    const { t, lines } = await released(3, false);
    const [first, second, third] = lines as [Record<string, any>, Record<string, any>, Record<string, any>];
    await documentClient().send(
      new UpdateCommand({
        TableName: runtime().tableName,
        Key: { PK: keys.tenant(t), SK: keys.releaseEntry(second.ReleasedAt, second.ContainerUuid) },
        UpdateExpression: 'SET Weight = :lighter',
        ExpressionAttributeValues: { ':lighter': 1 },
      }),
    );
    expect(await verify(t)).toMatchObject({
      Valid: false,
      FirstBroken: {
        ContainerUuid: second.ContainerUuid,
        ReleasedAt: second.ReleasedAt,
        Reason: 'the line does not hash to its LineSha256',
      },
    });
    await documentClient().send(
      new DeleteCommand({
        TableName: runtime().tableName,
        Key: { PK: keys.tenant(t), SK: keys.releaseEntry(second.ReleasedAt, second.ContainerUuid) },
      }),
    );
    const broken = await verify(t);
    expect(broken).toMatchObject({
      Valid: false,
      Lines: 2,
      Objects: 3,
      FirstBroken: { ContainerUuid: third.ContainerUuid },
    });
    expect(broken.Missing).toEqual([
      { ContainerUuid: second.ContainerUuid, ReleasedAt: second.ReleasedAt, Missing: 'line' },
    ]);
    expect(first.PreviousSha256).toBeNull();
  });
});
