/**
 * What a tenant session costs (shared/clients/tenant-sessions.ts): a tenant route assumes its tenant's session on that
 * tenant's first request in an execution environment and reuses it after. Measured with a function's bundle as
 * deployed, in a fresh Node process per run, against DynamoDB Local and the local STS (infra/local/sts.ts): the
 * import (the cold start, which the bench budgets against the SDK-only reference), then the first and the next
 * request of one tenant, and the first and the next of a second tenant in the same, now warm, process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '../infra/local/emulators';
import { createStsEndpoint, LOCAL_TENANT_ROLE_ARN } from '../infra/local/sts';
import { toAuthorizerContext } from '../shared/auth/claims';
import { environmentOf } from '../shared/config';

const STEPS = [
  'import (in process)',
  'first request of tenant A',
  'next request of tenant A',
  'first request of tenant B',
  'next request of tenant B',
] as const;

/** The medians of RUNS runs of `bundle` (a container.load bundle), each step in milliseconds. */
export async function measureTenantSessions(
  bundle: string,
  runs: number,
): Promise<Map<(typeof STEPS)[number], number>> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'nm-bench-sessions-'));
  const dynamo = await startDynamoDbLocal({ dataDir: scratch, inMemory: true });
  const sts: Server = createStsEndpoint();
  try {
    await ensureTable(dynamo.endpoint, 'bench', { stream: false });
    await new Promise<void>((resolve) => sts.listen(0, '127.0.0.1', resolve));
    const env = {
      PATH: process.env.PATH,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      ...environmentOf({
        region: LOCAL_REGION,
        tableName: 'bench',
        dynamodbEndpoint: dynamo.endpoint,
        stsEndpoint: `http://127.0.0.1:${(sts.address() as AddressInfo).port}`,
        tenantRoleArn: LOCAL_TENANT_ROLE_ARN,
      }),
      LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    const event = (client: string, facility: string) => ({
      version: '2.0',
      routeKey: 'GET x',
      rawPath: `/waste-management/api/v1/${client}/${facility}/container/u1`,
      rawQueryString: '',
      headers: {},
      pathParameters: { clientUuid: client, facilityUuid: facility, uuid: 'u1' },
      isBase64Encoded: false,
      requestContext: {
        requestId: 'r',
        http: { method: 'GET', path: '/' },
        authorizer: {
          lambda: toAuthorizerContext({
            sub: 's',
            name: undefined,
            clients: [client],
            facilities: [facility],
            roles: [],
            exp: Math.floor(Date.now() / 1000) + 3600,
          }),
        },
      },
    });
    const script =
      'const t0 = performance.now();\n' +
      `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});\n` +
      'const times = [performance.now() - t0];\n' +
      `for (const event of ${JSON.stringify(['a', 'a', 'b', 'b'].map((client) => event(client, 'f')))}) {\n` +
      '  const started = performance.now();\n' +
      "  const { statusCode } = await handler(event, { getRemainingTimeInMillis: () => 10000, functionName: 'bench', " +
      "awsRequestId: 'r' });\n" +
      "  if (statusCode !== 404) throw new Error('answered ' + statusCode);\n" +
      '  times.push(performance.now() - started);\n' +
      '}\n' +
      'process.stdout.write(JSON.stringify(times));';
    const samples = STEPS.map(() => [] as number[]);
    for (let i = 0; i < runs; i++) {
      // Asynchronously: the local STS answers from this process.
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env,
        encoding: 'utf8',
      });
      for (const [step, ms] of (JSON.parse(stdout) as number[]).entries()) samples[step]!.push(ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return new Map(STEPS.map((step, i) => [step, median(samples[i]!)]));
  } finally {
    sts.close();
    await dynamo.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
