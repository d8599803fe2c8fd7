/**
 * The EMF lines Powertools Metrics writes (shared/metrics.ts), captured as it serializes them for each test of the
 * file that calls this (vitest disables the output itself).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { metrics as metricsInstance } from '../../shared/metrics';

const metrics = metricsInstance();
export type Emf = ReturnType<typeof metrics.serializeMetrics> & Record<string, unknown>;

/** The lines each test writes (emptied before it), kept in place of publishing them. */
export function capturedEmf(): Emf[] {
  const lines: Emf[] = [];
  beforeEach(() => {
    lines.length = 0;
    vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      lines.push(metrics.serializeMetrics() as Emf);
      metrics.clearMetrics();
      metrics.clearDimensions();
      return metrics;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return lines;
}

/** A line's metric values by name. */
export const emfValues = (line: Emf) =>
  Object.fromEntries(line._aws.CloudWatchMetrics[0]!.Metrics.map((m) => [m.Name, line[m.Name]]));
