export interface FieldError {
  field: string;
  message: string;
}

export interface HttpErrorOptions {
  code?: string;
  errors?: FieldError[];
  /** Tells the console the user may not use the application at all (authorization-error screen). */
  authorization?: { application: string };
  /** Set when the thrower already wrote the audit record, so the error handler does not add ACCESS_DENIED. */
  audited?: boolean;
  /** Response headers the answer needs (e.g. WWW-Authenticate on the OAuth token endpoint's 401). */
  headers?: Record<string, string>;
}

/** A domain error: its status, message and code reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { message: string; code?: string; errors?: FieldError[]; authorization?: { application: string } } {
    const { code, errors, authorization } = this.options;
    return {
      message: this.message,
      ...(code && { code }),
      ...(errors && { errors }),
      ...(authorization && { authorization }),
    };
  }
}

export const unauthorized = () =>
  new HttpError(401, 'Your session has expired or is not valid. Please sign in again.', { code: 'UNAUTHORIZED' });

export const forbidden = (
  message = 'You do not have permission to perform this action.',
  options: HttpErrorOptions = {},
) => new HttpError(403, message, { code: 'FORBIDDEN', ...options });

export const notFound = (message = 'Not found.') => new HttpError(404, message, { code: 'NOT_FOUND' });

export const unprocessable = (message: string, code: string, errors?: FieldError[]) =>
  new HttpError(422, message, { code, ...(errors && { errors }) });
