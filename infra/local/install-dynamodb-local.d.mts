/** Types of the plain ESM installer script (kept as .mjs so postinstall runs it without tsx). */
export declare const dynamoDbLocalDir: string;
export declare function ensureDynamoDbLocal(): string;
