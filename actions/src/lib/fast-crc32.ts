import zlib from 'node:zlib';
import crc32 from 'crc-32';

/**
 * The zip streamer (archiver → zip-stream → compress-commons, crc32-stream) checksums every byte
 * with `crc-32`, a table-driven JavaScript CRC (about 250 MB/s here), which made the CRC the
 * largest cost of streaming a folder. Node's `zlib.crc32` (Node ≥ 20.15) computes the same
 * checksum natively, about four times as fast; this points the shared `crc-32` module's `buf` at
 * it, keeping its contract (a signed 32-bit result; `seed` the running checksum, anything but a
 * number meaning none). The zip tests open the archives with CRC checking on.
 */
export function useNativeCrc32(): void {
  const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (typeof native !== 'function') return;
  crc32.buf = (data: Uint8Array | number[], seed?: number) =>
    native(
      data instanceof Uint8Array ? data : Uint8Array.from(data),
      typeof seed === 'number' ? seed >>> 0 : 0,
    ) | 0;
}
