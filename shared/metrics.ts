/**
 * Application metrics in CloudWatch's embedded metric format (Powertools Metrics): one EMF line per
 * request and per maintenance step, written to stdout with the logs, so no API call and no client
 * at import (about 12 KiB of bundle, a millisecond or two of import). The namespace is per stage
 * (`nm-archive/<STAGE>`); every value carries the dimension `operation` (the route table's
 * operation, or the maintenance operation's name) besides Powertools' `service`.
 *
 * The stack's dashboard and alarms (infra/monitoring.ts) read these names: keep them in one place.
 * Locally (`npm start`) the runtime sets POWERTOOLS_METRICS_DISABLED unless it is given.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from './config';
import { useLineConsole } from './log-output';

export const METRICS_SERVICE = 'nm-archive';
export const metricsNamespace = (stage: string) => `nm-archive/${stage}`;
export const OPERATION_DIMENSION = 'operation';

/** The metric names: per route (HTTP functions) and per maintenance step. */
export const METRIC = {
  /** Milliseconds from the first middleware to the answer. */
  latency: 'Latency',
  /** 1 for an answer 400–499, else 0: its average is the share of client errors. */
  clientErrors: '4xx',
  /** 1 for an answer 500 and above, else 0: its average is the error rate. */
  serverErrors: '5xx',
  /** Milliseconds one step of a maintenance operation took. */
  stepDuration: 'StepDuration',
  /** Records (or partitions, buckets) the step processed. */
  processed: 'Processed',
  /** 1 when the step threw (Step Functions then retries or fails the execution), else 0. */
  stepFailures: 'StepFailures',
  /** Containers the release sweep moved to RELEASE_DATE_REACHED in one run. */
  released: 'ReleaseDateReached',
  /** Containers the sweep found due but left in DECAY: the assessment at that moment does not clear them. */
  notCleared: 'NotCleared',
  /** Record objects the archive check found locked with no release booking them (shared/services/archive-check.ts). */
  orphanedRecords: 'OrphanedRecords',
  /** Booked register lines the archive check found without their locked copy. */
  unlockedLines: 'UnlockedLines',
  /**
   * A call IAM refused (AccessDenied): the second wall of tenant isolation caught a call the code made
   * (docs/security.md).
   * Written with the dimension `service` alone, so one alarm watches every operation.
   */
  securityEvents: 'SecurityEvents',
  /**
   * Material booked above the licence (or with none in force) by an officer's LicenceExceeded (StrlSchG § 12): what
   * arrived stays in the book, and the authority is to be told. Under the service alone, like a security event.
   */
  licenceExceeded: 'LicenceExceeded',
} as const;

/**
 * Powertools Metrics writing its lines to the descriptors (shared/log-output.ts). A single metric
 * (`singleMetric()`, a security event) is a plain Metrics: it makes its own console when one is written.
 */
class FunctionMetrics extends Metrics {}
useLineConsole(FunctionMetrics);

let instance: Metrics | undefined;
/** The one Metrics instance, made on the first line written (its settings cost about a millisecond). */
export function metrics(): Metrics {
  instance ??= new FunctionMetrics({ namespace: metricsNamespace(config.stage), serviceName: METRICS_SERVICE });
  return instance;
}

/**
 * Writes one EMF line with `values` under the operation's dimension. Synchronous from the first
 * dimension to the flush, so concurrent invocations in one process (the local runtime) never mix.
 */
export function publish(
  operation: string,
  values: readonly [name: string, unit: 'Milliseconds' | 'Count', value: number][],
): void {
  const emf = metrics();
  emf.addDimension(OPERATION_DIMENSION, operation);
  for (const [name, unit, value] of values)
    emf.addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Milliseconds, value);
  emf.publishStoredMetrics();
}

/** Counts one security event (METRIC.securityEvents) under the service alone, at once. */
export function publishSecurityEvent(): void {
  // A single metric is written as it is added.
  metrics().singleMetric().addMetric(METRIC.securityEvents, MetricUnit.Count, 1);
}

/** Counts one booking above the licence (METRIC.licenceExceeded) under the service alone, at once. */
export function publishLicenceExceeded(): void {
  metrics().singleMetric().addMetric(METRIC.licenceExceeded, MetricUnit.Count, 1);
}
