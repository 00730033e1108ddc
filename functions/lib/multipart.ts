// multipart/form-data bodies, parsed with busboy directly. Every way a body can be broken (a file part
// without its closing boundary, a bad header, limits) ends in one rejected promise, never an
// 'error' event nobody listens to: that used to take the whole process down on a 210-byte request.
import Busboy from '@fastify/busboy';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  truncated?: boolean;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** The first file of each field name. */
  files: Record<string, UploadedFile>;
}

export class MalformedMultipart extends Error {
  constructor(reason: string) {
    super(`Malformed multipart body: ${reason}`);
    this.name = 'MalformedMultipart';
  }
}

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
}

export function parseMultipart(body: Buffer, contentType: string, limits: MultipartLimits): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    const pending: Promise<void>[] = [];
    let failed = false;
    const fail = (reason: unknown) => {
      if (failed) return;
      failed = true;
      reject(new MalformedMultipart(reason instanceof Error ? reason.message : String(reason)));
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits });
    } catch (error) {
      return fail(error);
    }
    parser.on('field', (name: string, value: string) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, filename: string, _encoding: string, mimetype: string) => {
      const chunks: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (error: Error) => {
            fail(error);
            done();
          });
          stream.on('end', () => {
            if (!(name in files)) files[name] = { filename, mimetype, content: Buffer.concat(chunks), truncated: stream.truncated };
            done();
          });
        }),
      );
    });
    parser.on('error', fail);
    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    try {
      parser.end(body);
    } catch (error) {
      fail(error);
    }
  });
}
