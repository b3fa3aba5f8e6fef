/** An error the client should see: answered as JSON `{ "detail": … }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
  ) {
    super(typeof detail === 'string' ? detail : 'Request failed');
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: unknown) => new HttpError(400, detail);
export const unauthorized = (detail: unknown = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail: unknown = 'Not allowed') => new HttpError(403, detail);
export const notFound = (detail: unknown = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: unknown) => new HttpError(409, detail);
/** What was here is gone for good: asked again, the answer stays the same. */
export const gone = (detail: unknown) => new HttpError(410, detail);
export const unprocessable = (detail: unknown) => new HttpError(422, detail);
