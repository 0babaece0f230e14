/**
 * Writes a report straight to a FIFO or a character device, without a temporary file. Nothing
 * here can block for ever: the path is opened non-blocking (a FIFO without a reader is retried
 * until `openWaitMs`, then refused), and a write the reader does not take is retried until no
 * byte has moved for `stallMs`.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReportPathError } from './report-path-error.js';

export interface DeviceWriteOptions {
  /** How long a FIFO without a reader is waited for (default 10 s). */
  openWaitMs?: number;
  /** How long a reader may take no byte before the write fails (default 30 s). */
  stallMs?: number;
}

/** Pause between two tries of an open or a write that would block. */
const RETRY_MS = 20;

const FLAGS = constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function openWithoutBlocking(path: string, waitMs: number): Promise<FileHandle> {
  for (let waited = 0; ; waited += RETRY_MS) {
    try {
      return await open(path, FLAGS);
    } catch (error) {
      // ENXIO: a FIFO no process has open for reading.
      if (code(error) !== 'ENXIO') throw error;
      if (waited >= waitMs) throw new ReportPathError(`no process reads the FIFO (waited ${waitMs / 1000} s)`);
      await sleep(RETRY_MS);
    }
  }
}

/** Writes `text` to the FIFO or character device at `path`. */
export async function writeToDevice(path: string, text: string, options: DeviceWriteOptions = {}): Promise<void> {
  await writeChunksToDevice(path, [text], options);
}

/** Writes the text of `chunks`, one after the other, to the FIFO or character device at `path`. */
export async function writeChunksToDevice(path: string, chunks: Iterable<string>, options: DeviceWriteOptions = {}): Promise<void> {
  const stallMs = options.stallMs ?? 30_000;
  const handle = await openWithoutBlocking(path, options.openWaitMs ?? 10_000);
  try {
    for (const chunk of chunks) {
      const bytes = Buffer.from(chunk);
      let offset = 0;
      let stalled = 0;
      while (offset < bytes.length) {
        try {
          offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
          stalled = 0;
        } catch (error) {
          if (code(error) !== 'EAGAIN') throw error;
          if (stalled >= stallMs) throw new ReportPathError(`the reader took no byte for ${stallMs / 1000} s`);
          await sleep(RETRY_MS);
          stalled += RETRY_MS;
        }
      }
    }
  } finally {
    await handle.close();
  }
}
