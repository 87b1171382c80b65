/** One error type with a stable code; the error handler turns it into `{ success:false, message }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Fastify and its plugins read `statusCode`. */
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new AppError(code, message, 400);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') =>
  new AppError(code, message, 401);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(code, message, 403);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(code, message, 404);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(code, message, 409);
export const tooMany = (message: string, code = 'TOO_MANY_REQUESTS') =>
  new AppError(code, message, 429);
export const payloadTooLarge = (message: string, code = 'PAYLOAD_TOO_LARGE') =>
  new AppError(code, message, 413);
export const insufficientStorage = (message: string, code = 'STORAGE_FULL') =>
  new AppError(code, message, 507);

export const STORAGE_FULL_MESSAGE =
  'The server has no room to store this file right now, so nothing was saved. Please try again later or tell your administrator.';
