/**
 * The stage settings `tableName` and `tableStreamArn` (docs/restore.md): a stage pointed at a table restored from
 * point-in-time recovery or a backup creates no table of its own; every function, grant, tenant role, the change
 * stream's mapping and prod's backup selection reach the restored table instead.
 */
import { describe, expect, it } from 'vitest';
import { synthStage } from '../../infra/local/templates';
import { stageConfig } from '../../infra/stages';

type Resources = Record<string, { Type: string; Properties: any }>;
const RESTORED = 'nm-archive-prod-restored';
const STREAM = `arn:aws:dynamodb:eu-central-1:123456789012:table/${RESTORED}/stream/2026-11-26T10:00:00.000`;
const context = { tableName: RESTORED, tableStreamArn: STREAM };

describe('the settings tableName and tableStreamArn', () => {
  it("come together, the stream the named table's own", () => {
    const lookup = (values: Record<string, string>) => (key: string) => values[key];
    expect(stageConfig('prod', lookup(context)).existingTable).toEqual({ name: RESTORED, streamArn: STREAM });
    expect(stageConfig('prod').existingTable).toBeUndefined();
    expect(() => stageConfig('prod', lookup({ tableName: RESTORED }))).toThrow(
      /"tableName".*"tableStreamArn".*together/,
    );
    expect(() => stageConfig('prod', lookup({ tableName: 'other', tableStreamArn: STREAM }))).toThrow(
      /must be the stream of table other/,
    );
  });
});

describe('prod pointed at a restored table', () => {
  const { template, stack, idOf } = synthStage('prod', context);
  const resources = template.Resources as Resources;
  const text = JSON.stringify(resources);

  it('creates no table and hands the restored one to every function', () => {
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::DynamoDB::Table')).toEqual([]);
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const names = functions.map((f) => f.Properties.Environment?.Variables?.TABLE_NAME).filter(Boolean);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names)).toEqual(new Set([RESTORED]));
    expect(template.Outputs.TableName.Value).toBe(RESTORED);
  });

  it('maps its change stream, grants on it, and backs it up', () => {
    const mappings = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    expect(mappings.map((m) => m.Properties.EventSourceArn)).toContain(STREAM);
    expect(text).toContain(`:table/${RESTORED}`);
    const [selection] = Object.values(resources).filter((r) => r.Type === 'AWS::Backup::BackupSelection');
    expect(JSON.stringify(selection!.Properties.BackupSelection.Resources[0])).toContain(`:table/${RESTORED}"`);
    expect(selection!.Properties.BackupSelection.Resources[1]).toEqual({
      'Fn::GetAtt': [idOf(stack.recordsBucket), 'Arn'],
    });
  });
});
