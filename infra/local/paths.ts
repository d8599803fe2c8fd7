/** Where the local runtime keeps its data: `.local/` at the repository root, or LOCAL_DIR. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const localDir = (): string => path.resolve(repoRoot, process.env.LOCAL_DIR ?? '.local');
export const runtimeFile = (): string => path.join(localDir(), 'runtime.json');

/** What `npm start` prints once every route answers (infra/local/spawn.ts waits for it). */
export const READY_LINE = 'Local API ready at ';

/** What a running `npm start` publishes for the other local commands (invoke, ops, tests). */
export interface RuntimeInfo {
  apiUrl: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  stepFunctionsEndpoint: string;
  /** The local STS (infra/local/sts.ts), where functions get their tenant sessions. */
  stsEndpoint: string;
  /** Whether tenant sessions' calls the policies refuse are answered AccessDenied (`--enforce-iam`). */
  enforcing: boolean;
  /** With `--faults control`: where faults are set per scope (infra/local/faults.ts). */
  faultsEndpoint?: string;
  tableName: string;
  bucketName: string;
  recordsBucketName: string;
  region: string;
  pid: number;
}
