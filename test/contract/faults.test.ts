/**
 * The fault matrix (issue 38): each write that matters, each of its function's DynamoDB and S3 calls failed in turn
 * with each fault (a throttle, a 500, a call down at each of its attempts, a timeout whose write was applied, a crash
 * of the function's process), then retried with the same Idempotency-Key; once the streams and the archive check had
 * their turn, the invariants: the write happened exactly once (or, for a retried write, once in the end), its counts
 * are exact, its archive complete, no answer was the service's 500 and a 503 said when to come back. The run prints
 * the matrix as a table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../../infra/local/fault-rules';
import { dynamoArchiveProgress } from '../../shared/data/archive-progress';
import { s3FileStorage } from '../../shared/data/files';
import { archiveCheck } from '../../shared/services/archive-check';
import { documentClient, runtime, s3Client } from '../support/api';
import { answerInvariants, type CellOutcome, callsOf, limiter, matrixTable, runCell } from '../support/fault-matrix';
import { MATRIX_WRITES } from '../support/fault-writes';

/** Cells at once: most of a crashed cell's time is the wait for its attempt's time to end. */
const WIDTH = 6;

const outcomes: CellOutcome[] = [];

beforeAll(async () => {
  const positions = await Promise.all(MATRIX_WRITES.map(async (write) => ({ write, calls: await callsOf(write) })));
  // Faults outermost: the cells of one call run apart, so one batch of the stream rarely carries two of them.
  const cells = FAULT_KINDS.flatMap((fault) =>
    positions.flatMap(({ write, calls }) => calls.map((call) => ({ write, call, fault }))),
  );
  const busy = limiter(WIDTH);
  const ran = await Promise.all(
    cells.map(async (cell) => ({ ...cell, ...(await runCell(cell.write, cell.call, cell.fault, busy)) })),
  );
  // The archive check as its schedule runs it (here at once, its grace short: every cell's attempt is over).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const { tableName, recordsBucketName } = runtime();
  await archiveCheck(dynamoArchiveProgress(documentClient(), tableName), s3FileStorage(s3Client(), recordsBucketName), {
    lockMode: 'GOVERNANCE',
    graceSeconds: 2,
  }).run();
  // The checks read behind the API, several at once (in the cells' order).
  outcomes.push(
    ...(await Promise.all(
      ran.map(({ write, call, fault, t, context, answers, fired }) =>
        busy(async () => ({
          write: write.name,
          call,
          fault,
          answers,
          fired,
          broken: [
            ...answerInvariants(answers, fault, write.retry === 'platform'),
            ...(await write.check(t, context, answers)),
          ],
        })),
      ),
    )),
  );
  process.stdout.write(`\n${matrixTable(outcomes)}\n`);
}, 300_000);

describe('the fault matrix', () => {
  for (const write of MATRIX_WRITES)
    it(`${write.name}: every call × fault reached, and every invariant held after the retry`, () => {
      const mine = outcomes.filter((o) => o.write === write.name);
      expect(mine.length).toBeGreaterThan(0);
      const failed = mine
        .filter((o) => !o.fired || o.broken.length)
        .map(
          (o) =>
            `${o.call.service} ${o.call.command}#${o.call.nth} ${o.fault}: ` +
            (o.fired ? o.broken.join('; ') : 'not reached'),
        );
      expect(failed).toEqual([]);
    });
});
