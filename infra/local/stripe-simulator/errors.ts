/** Errors in Stripe's shape: the status, type, code and param the `stripe` SDK reads. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'card_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param ? 'parameter_invalid' : undefined, param);
