/** shared/config.ts: settings from the environment, the documented defaults when unset, empty or not usable. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../shared/config';

afterEach(() => vi.unstubAllEnvs());

describe('config', () => {
  it('reads each setting when it is read, so a changed environment is seen', () => {
    vi.stubEnv('TABLE_NAME', 'first');
    expect(config.tableName).toBe('first');
    vi.stubEnv('TABLE_NAME', 'second');
    expect(config.tableName).toBe('second');
  });

  it('takes an empty variable as unset', () => {
    vi.stubEnv('STAGE', '');
    vi.stubEnv('DYNAMODB_ENDPOINT', '');
    expect([config.stage, config.dynamodbEndpoint]).toEqual(['local', undefined]);
  });

  it.each(['0', '-5', '1.5', 'ten', ''])('falls back to the default size for %j', (value) => {
    vi.stubEnv('PAGE_SIZE', value);
    vi.stubEnv('MAX_UPLOAD_BYTES', value);
    expect([config.pageSize, config.maxUploadBytes]).toEqual([100, 50 * 1024 * 1024]);
  });

  it('takes a positive whole number', () => {
    vi.stubEnv('PAGE_SIZE', '25');
    expect(config.pageSize).toBe(25);
  });

  it('splits the CORS origins, trimmed, any by default', () => {
    vi.stubEnv('CORS_ALLOWED_ORIGINS', ' https://a.example , https://b.example,,');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    vi.stubEnv('CORS_ALLOWED_ORIGINS', '');
    expect(config.corsOrigins).toEqual(['*']);
  });

  it('finds the state machine of an operation in STATE_MACHINE_ARNS, none when absent', () => {
    vi.stubEnv(
      'STATE_MACHINE_ARNS',
      JSON.stringify({ exportRecords: 'arn:aws:states:eu-central-1:1:stateMachine:export' }),
    );
    expect(config.stateMachineArn('exportRecords')).toBe('arn:aws:states:eu-central-1:1:stateMachine:export');
    expect(config.stateMachineArn('importRecords')).toBeUndefined();
    vi.stubEnv('STATE_MACHINE_ARNS', '');
    expect(config.stateMachineArn('exportRecords')).toBeUndefined();
  });
});
