/**
 * Where the functions' log lines and metric lines go: the process's standard output and error, written a line at a
 * time to the descriptors (`fs.writeSync` on 1 and 2), as the Lambda runtime's own console writes.
 *
 * Powertools Logger and Metrics each make a `Console` over `process.stdout` and `process.stderr` when they are
 * constructed, and creating those two streams (for a pipe: its socket, the stream state, their listeners) is about
 * 2 ms of every cold start here (`npm run bench`), to write one string per line. `useLineConsole` gives a
 * Powertools class this console instead: the same lines on the same descriptors, and no stream is created.
 *
 * A blocking descriptor (nothing in the process has made its stream) waits for the reader, as the runtime's own writes
 * do. One that another part of the process has made non-blocking (by creating its stream) may refuse a write while
 * the reader is behind (EAGAIN): that line, and every later one on that descriptor, then goes through the stream,
 * which queues it, so lines are never lost or reordered.
 */
import { writeSync } from 'node:fs';

type Descriptor = 1 | 2;

/** The descriptors whose lines go through their stream since a write was refused. */
const streamed = new Set<Descriptor>();
const streamOf = (fd: Descriptor) => (fd === 1 ? process.stdout : process.stderr);

/** The one place lines are written (a test replaces `write` to read them). */
export const lineOutput = {
  /** Writes `text` whole to `fd`, in order with every earlier line. */
  write(fd: Descriptor, text: string): void {
    if (streamed.has(fd)) {
      streamOf(fd).write(text);
      return;
    }
    const bytes = Buffer.from(text);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      streamed.add(fd);
      streamOf(fd).write(bytes.subarray(written));
    }
  },
};

const line =
  (fd: Descriptor) =>
  (message: unknown): void =>
    lineOutput.write(fd, `${String(message)}\n`);

/** What Powertools calls on its console: one string per call, a line each; warnings and errors on stderr. */
export const lineConsole = {
  log: line(1),
  info: line(1),
  debug: line(1),
  trace: line(1),
  warn: line(2),
  error: line(2),
};

/**
 * Makes the instances of `type`, a subclass of Powertools Logger or Metrics, write through `lineConsole`: its
 * `setConsole`, which the constructor calls, sets that console instead of creating one over the streams. Powertools
 * declares the method private; test/unit/log-output.test.ts checks that constructing one touches neither stream, so
 * an upgrade that renames it is seen.
 */
export function useLineConsole(type: abstract new (...args: never[]) => object): void {
  Object.defineProperty(type.prototype, 'setConsole', {
    value(this: { console: unknown }) {
      this.console = lineConsole;
    },
  });
}
