/** Where files live (documenso's storage-provider idea): S3 in production, s3rver locally. */
export interface StorageProvider {
  /** Stores an object under `key`, replacing any object there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes an object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A time-limited URL a browser can GET the object from, without our bearer token. */
  downloadUrl(key: string, expiresInSeconds: number): Promise<string>;
}
