/** shared/schemas/operation.ts: what the /service routes take (an export folder, segments, an execution id). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EXECUTION_ID_MAX_LENGTH,
  executionId,
  exportPrefix,
  OPERATION_INPUTS,
  segmentsQuery,
} from '../../../shared/schemas/operation';

const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
const uuid = '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';

describe('the /service inputs', () => {
  it("take an export folder as importRecords' from, and nothing that leaves the folder shape", () => {
    expect(OPERATION_INPUTS.from).toBe(exportPrefix);
    expect(accepts(exportPrefix, `exports/${uuid}/20261120T081500-1a2b3c4d/`)).toBe(true);
    for (const bad of ['exports/x', 'exports x/', '', '/', 's3://b/exports/', 'exports/ä/'])
      expect(accepts(exportPrefix, bad), bad).toBe(false);
  });

  it('take 1 to 1000 segments as a whole number written plainly', () => {
    for (const good of ['1', '8', '999', '1000']) expect(accepts(segmentsQuery, good), good).toBe(true);
    for (const bad of ['0', '1001', '08', '1.5', '-1', ' 8', '']) expect(accepts(segmentsQuery, bad), bad).toBe(false);
  });

  it('take an execution id as a start route answers it, at most as long as Step Functions allows', () => {
    expect(accepts(executionId, `regenerate-sequence-memory-${uuid}`)).toBe(true);
    for (const bad of [
      uuid,
      `Regenerate-${uuid}`,
      `x--y-${uuid}`,
      `${'a'.repeat(EXECUTION_ID_MAX_LENGTH - 36)}-${uuid}`,
    ])
      expect(accepts(executionId, bad), bad).toBe(false);
    expect(accepts(executionId, `${'a'.repeat(EXECUTION_ID_MAX_LENGTH - 37)}-${uuid}`)).toBe(true);
  });
});
