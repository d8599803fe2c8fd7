/**
 * DynamoDB Local for one part of the bench: a scratch folder, the local credentials in the environment (the SDK
 * clients the part builds read them), the emulator in memory; stopped and the folder removed when the part is done,
 * whether it held or threw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '../infra/local/emulators';

export async function withDynamoDbLocal<T>(
  name: string,
  run: (local: { endpoint: string; scratch: string }) => Promise<T>,
): Promise<T> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `nm-${name}-`));
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_REGION: LOCAL_REGION,
  });
  const dynamo = await startDynamoDbLocal({ dataDir: scratch, inMemory: true });
  try {
    return await run({ endpoint: dynamo.endpoint, scratch });
  } finally {
    await dynamo.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
