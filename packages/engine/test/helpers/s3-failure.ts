/**
 * The S3 error a failed AWS SDK call rejects with, reduced to what the tests check: the error
 * code (`name`), the HTTP status and the message. Throws if the call succeeds, and rethrows any
 * rejection that is not an S3 service error.
 */
import { S3ServiceException } from '@aws-sdk/client-s3';

export interface S3Failure {
  code: string;
  status: number | undefined;
  message: string;
}

export async function s3Failure(p: Promise<unknown>): Promise<S3Failure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof S3ServiceException) {
      return { code: err.name, status: err.$metadata.httpStatusCode, message: err.message };
    }
    throw err;
  }
  throw new Error('expected the S3 call to fail, it succeeded');
}
