/**
 * The walkthroughs of docs/ run as written: each guide's ```sh blocks, in order, in one bash session against the local
 * runtime of the tests, so a guide that drifts from the service fails the suite. The session gets the runtime's
 * address as `API` (a guide writes `API=${API:-http://127.0.0.1:3000}`) and its folder as `LOCAL_DIR`, so the tools a
 * guide calls (`npm run token`, `ops`, `elapse`) reach this runtime. `curl` fails on an error status (the guide's
 * `curl -s` shows a reader the body; here a 4xx or 5xx stops the run), every command must succeed (`set -e`, pipes
 * included), and the failing block is named with what it printed. To add a guide: its file name below.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runtime } from '../support/api';

/**
 * The guides that run as written, each with what its run must print: the outcomes the guide tells its reader of.
 */
const WALKTHROUGHS: Record<string, readonly (string | RegExp)[]> = {
  'docs/decay-in-storage.md': [
    // The measurement decides, agrees with the prediction, and the container is released, then disposed of.
    '"DecidedBy": "DECISION_MEASUREMENT"',
    '"Plausible": true',
    /"ReleaseDateTime": "\d{4}-\d\d-\d\d \d\d:\d\d:\d\d",\s+"CurrentSpecificActivity": 8\.\d+/,
    '"MeasuredByName": "Olivia Owner"',
    // The release for disposal names its plant.
    '"ReleaseType": "SPECIFIC_LANDFILL",\n  "DisposalPlant": {\n    "Name": "Deponie Nord"',
    'DISPOSED',
  ],
  'docs/decay-in-storage-us.md': [
    // The US regime with its own zone; Co-57 refused; held for decay; the survey above background refused.
    '"Regime": "US_NRC_10CFR35"',
    '"TimeZone": "America/Chicago"',
    'Content co57-wipes: Co-57 has a half-life of 271.7 days, more than 120',
    'container.held_for_decay',
    'RELEASE_DATE_REACHED',
    'The surface reading 120 cpm can be distinguished from the background 50 cpm',
    '"AtBackground": true',
    // Labels first; a German member refused naming the regime; the disposal; its register line and CSV.
    'container.labels_on',
    'is not part of a release under US_NRC_10CFR35',
    '"ReleaseType": "DECAY_IN_STORAGE"',
    '"InstrumentSerialNumber": "L3-25117"',
    'ContainerUuid,Name,SealedAt,Activities,ReleasedAt,Survey',
    '"Valid":true',
    'settings.regime_locked',
  ],
  'docs/material.md': [
    // The certificate filed under the generator, the eluate's breakthrough, the refusals, the remainder booked out.
    'Zertifikat GG-2611-07.pdf',
    /"Nuclide": "Ge-68",\s+"Fraction": 1e-05/,
    'PatientName',
    'material.overdrawn',
    'USED_UP',
    // The Ge-68 in the container decides its release date, about two years out.
    new RegExp(
      `^(${new Date().getUTCFullYear() + 2}|${new Date().getUTCFullYear() + 3})-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$`,
      'm',
    ),
    '"Message": "licence.exceeded"',
    'Datum (Ortszeit);Art nach § 85 Abs. 1 Nr. 1',
    '"Valid":true',
  ],
};

const root = path.resolve(import.meta.dirname, '../..');

/** A guide's shell blocks, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The session's script: strict, `curl` failing on an error status, a marker before each block. */
const MARKER = '::walkthrough-block::';
function script(blocks: readonly string[]): string {
  return [
    'set -euo pipefail',
    'curl() { command curl --fail-with-body "$@"; }',
    ...blocks.flatMap((block, i) => [`echo "${MARKER}${i + 1}" >&2`, block]),
  ].join('\n');
}

/** Runs a script in bash at the repository's root; what it printed, and how it ended. */
function bash(text: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', text], { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('the walkthroughs of docs/ run as written', () => {
  it('finds the shell blocks of a guide in order, and only those', () => {
    const markdown = 'intro\n```sh\necho one\n```\ntext\n```json\n{}\n```\n```sh\necho two\necho three\n```\n';
    expect(shellBlocks(markdown)).toEqual(['echo one\n', 'echo two\necho three\n']);
  });

  it.each(Object.keys(WALKTHROUGHS))(
    '%s: every block succeeds against the local runtime, and tells what the guide says',
    async (file) => {
      const blocks = shellBlocks(readFileSync(path.join(root, file), 'utf8'));
      expect(blocks.length).toBeGreaterThan(5);
      const { code, out, err } = await bash(script(blocks), {
        API: runtime().apiUrl,
        LOCAL_DIR: inject('localDir'),
      });
      const reached = Number([...err.matchAll(new RegExp(`${MARKER}(\\d+)`, 'g'))].at(-1)?.[1] ?? 0);
      expect(
        code,
        `${file}: block ${reached} of ${blocks.length} failed:\n${blocks[reached - 1]}\n--- stdout ---\n` +
          `${out.slice(-3000)}\n--- stderr ---\n${err.slice(-3000)}`,
      ).toBe(0);
      expect(reached).toBe(blocks.length);
      for (const expected of WALKTHROUGHS[file]!)
        if (typeof expected === 'string') expect(out).toContain(expected);
        else expect(out).toMatch(expected);
    },
    240_000,
  );
});
