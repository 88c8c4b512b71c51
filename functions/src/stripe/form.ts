/**
 * Stripe's request encoding, as the `stripe` SDK writes it: `application/x-www-form-urlencoded`
 * where nested objects and arrays become bracketed keys (`metadata[clubId]=…`,
 * `line_items[0][price]=…`, `expand[0]=customer`). Used for POST bodies and GET query strings.
 */

/**
 * encodeURIComponent plus the characters it leaves alone that the SDK escapes; the brackets stay
 * readable, as the SDK writes them (Stripe reads both).
 */
function encodePart(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

/**
 * Encodes request parameters (the SDK's parameter types, hence `object`) the way Stripe's v1 API
 * reads them: `undefined` is left out, `null` and `''` send an empty value (Stripe's way of
 * unsetting a field).
 */
export function encodeStripeForm(params: object | undefined): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${encodePart(key)}=${encodePart(value === null ? '' : String(value))}`);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${key}[${index}]`, item);
    } else {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    }
  };
  for (const [key, value] of Object.entries(params ?? {})) add(key, value);
  return pairs.join('&');
}
