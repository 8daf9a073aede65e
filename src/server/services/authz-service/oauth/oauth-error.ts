import { HttpError } from '../../../platform/http/http-error';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** An RFC 6749 §5.2 error answer; `message` and `code` repeat it in the shape of every other API error. */
export class OAuthError extends HttpError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(error === 'invalid_client' ? 401 : 400, description, {
      code: error.toUpperCase(),
      // RFC 6749 §5.2: a 401 names the authentication scheme the client may use.
      ...(error === 'invalid_client' && { headers: { 'www-authenticate': 'Basic realm="voxscreen"' } }),
    });
  }

  override toBody() {
    return { error: this.error, error_description: this.message, message: this.message, code: this.options.code };
  }
}
