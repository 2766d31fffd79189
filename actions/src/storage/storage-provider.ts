import type { Readable } from 'node:stream';

/** Where files live (documenso's storage-provider idea): S3 in production, s3rver locally. */
export interface StorageProvider {
  /** Stores an object under `key`, replacing any object there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes an object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A time-limited URL a browser can GET the object from, without our bearer token; with
   * `fileName` the answer is an attachment of that name.
   */
  downloadUrl(key: string, expiresInSeconds: number, options?: { fileName?: string }): Promise<string>;
  /**
   * A time-limited URL a browser can PUT exactly this object to: the content type and length are
   * signed, so the PUT must send the same `Content-Type` and body length.
   */
  uploadUrl(
    key: string,
    object: { contentType: string; contentLength: number },
    expiresInSeconds: number,
  ): Promise<string>;
  /** Size and content type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  /**
   * The object's bytes as a stream, read as the consumer pulls them (constant memory), or null
   * when there is no such object.
   */
  stream(key: string): Promise<Readable | null>;
  /** The object's first `length` bytes (fewer when it is shorter), or null when there is none. */
  readStart(key: string, length: number): Promise<Buffer | null>;
}
