import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { useNativeCrc32 } from './fast-crc32.ts';

useNativeCrc32();

/** One file of a zip: its name, date, and how to open its bytes (null when they are missing). */
export interface ZipSourceEntry {
  name: string;
  date: Date;
  open(): Promise<Readable | null>;
}

/** The entry listing the files whose bytes were missing. */
export const MISSING_FILES_ENTRY = 'Missing files.txt';

/**
 * A zip of the entries as a stream, written as the reader pulls it: one entry is open at a time
 * (its source stream piped through), so memory stays constant whatever the sizes. Entries are
 * stored, not compressed: the accepted types are compressed already (jpeg, png, gif, pdf
 * streams, and docx/xlsx/pages, which are zips), and storing keeps the CPU out of the way.
 * Names are made unique ('report.pdf', 'report (2).pdf'); an entry whose bytes are missing is
 * left out, reported through `onMissing`, and named in a last 'Missing files.txt'. Destroying
 * the returned stream (the client went away) stops the work and closes the open source.
 */
export function writeZip<T extends ZipSourceEntry>(
  entries: Iterable<T>,
  onMissing: (entry: T) => Promise<void> | void = () => {},
): Readable {
  // Chunks of up to 1 MiB: fewer hops per gigabyte, still a constant, small buffer.
  const archive = new ZipArchive({ store: true, highWaterMark: 1024 * 1024 });
  const stop = new AbortController();
  let current: Readable | null = null;
  let opening: Promise<Readable | null> | undefined;
  const halt = () => {
    stop.abort();
    current?.destroy();
    // A source opened ahead and never read: close it too.
    void opening?.then(
      (next) => next?.destroy(),
      () => {},
    );
  };
  // Destroyed (the reader went away) or failed: stop, and let go of the open source.
  archive.on('close', halt);
  archive.on('error', halt);

  const names = new UniqueNames();
  void (async () => {
    const missing: string[] = [];
    // The next entry is opened while the current one streams (its request's round trip hidden,
    // its body held back by backpressure): two sources at most, still constant memory.
    const queue = [...entries];
    const openAhead = (entry: T | undefined) => {
      const next = entry?.open();
      next?.catch(() => {}); // awaited (and its failure handled) in its turn
      return next;
    };
    opening = openAhead(queue[0]);
    for (let i = 0; i < queue.length; i++) {
      const entry = queue[i]!;
      const body = await opening!;
      opening = openAhead(queue[i + 1]);
      if (stop.signal.aborted) {
        body?.destroy();
        halt();
        return;
      }
      if (!body) {
        missing.push(entry.name);
        await onMissing(entry);
        continue;
      }
      current = body;
      const added = once(archive, 'entry', { signal: stop.signal });
      archive.append(body, { name: names.take(entry.name), date: entry.date });
      await added;
      current = null;
    }
    if (missing.length > 0)
      archive.append(
        Buffer.from(
          `These files could not be found in storage and are not in this zip:\r\n\r\n${missing.join('\r\n')}\r\n`,
        ),
        { name: names.take(MISSING_FILES_ENTRY), date: new Date() },
      );
    await archive.finalize();
  })().catch((error: unknown) => {
    if (!stop.signal.aborted) archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}

/**
 * Names of a zip, each once: a name already taken (ignoring case, as Windows and macOS do) gets
 * ' (2)', ' (3)', … before its extension. Path separators and control characters become '_',
 * so an entry never escapes the folder it is unpacked in.
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(raw: string): string {
    const clean =
      raw
        .replace(/[\p{Cc}/\\]/gu, '_')
        .replace(/^\.+/, '_')
        .trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${base} (${n})${extension}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}
