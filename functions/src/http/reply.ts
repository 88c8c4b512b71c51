/** A handler's answer when it needs a status other than the route's default. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = <T>(status: number, body: T, headers?: Record<string, string>) =>
  new Reply(status, body, headers);
