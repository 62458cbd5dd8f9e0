import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

const fileError = (message: string) => new AppError('VALIDATION_FAILED', message, [{ param: 'file', msg: message }]);

/** The one file of a multipart upload, read into memory up to the size limit. */
export async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError(M.imageMissing);
  const tooLarge = M.imageTooLarge(Math.round(maxBytes / (1024 * 1024)));
  try {
    const file = await request.file();
    if (!file) throw fileError(M.imageMissing);
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw fileError(M.imageMissing);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw fileError(code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge : M.imageMissing);
    }
    // Malformed multipart bodies (no boundary, cut short) are the client's mistake, never a 500.
    throw fileError(M.imageMissing);
  }
}
