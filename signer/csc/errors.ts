/**
 * A refusal in the CSC API's own shape (CSC API v2 §10.2): an HTTP status and a JSON body
 * `{error, error_description}`. The `error` values are the specification's (invalid_request,
 * invalid_token, access_denied...) plus this service's own for one-time codes, which the
 * platform tells apart: `invalid_otp` (a wrong code) and `expired_otp` (expired, used up, spent
 * by wrong tries, or never requested: a new one is needed).
 */
export class CscFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new CscFailure(400, 'invalid_request', description);

/** The spec's wording for an unusable credential (credentials/authorize error table). */
export const credentialDisabled = (why: string) =>
  new CscFailure(400, 'invalid_request', `The credential identified by credentialID is disabled: ${why}`);

/** The spec's wording (signatures/signHash error table). */
export const hashNotAuthorized = () => new CscFailure(400, 'invalid_request', 'Hash is not authorized by the SAD');
