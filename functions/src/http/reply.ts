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

/** A file the browser downloads (a CSV export): its body as text, its type and its name. */
export class FileReply {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly body: string,
  ) {}
}
