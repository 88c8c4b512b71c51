/**
 * The stored-XSS corpus: markup and URLs that would run script if a page ever treated stored
 * text as HTML, as a URL, or as a template. Each payload is a template over `run`, the code that
 * reports it (`__xss('<marker>')`, a function the browser test exposes in every frame), so the
 * test can tell which payload ran, written through which field. Every payload stays within 100
 * characters, the shortest limit of the fields it is written through (club and person names).
 */

export interface Payload {
  /** Two digits: part of every marker, so a report names the payload. */
  readonly id: string;
  readonly name: string;
  readonly text: (run: (marker: string) => string, marker: string) => string;
}

/** The code a payload runs: reports its marker to the test. */
export const runCode = (marker: string) => `__xss('${marker}')`;

/** What the fixture writes through the field with this code: the payload marked `{id}{code}`. */
export const textFor = (payload: Payload, fieldCode: string) =>
  payload.text(runCode, `${payload.id}${fieldCode}`);

const P = (id: string, name: string, text: Payload['text']): Payload => ({ id, name, text });

export const CORPUS: readonly Payload[] = [
  P('01', 'script element', (r, m) => `<script>${r(m)}</script>`),
  P('02', 'img onerror', (r, m) => `<img src=x onerror=${r(m)}>`),
  P('03', 'svg onload', (r, m) => `<svg onload=${r(m)}>`),
  P('04', 'script inside svg', (r, m) => `<svg><script>${r(m)}</script></svg>`),
  P(
    '05',
    'MathML mglyph/style namespace confusion',
    (r, m) => `<math><mtext><table><mglyph><style><img src=x onerror=${r(m)}>`,
  ),
  P('06', 'double quote breaking out of an attribute', (r, m) => `"><img src=x onerror=${r(m)}>`),
  P('07', 'single quote breaking out of an attribute', (r, m) => `'><svg/onload=${r(m)}>`),
  P('08', 'javascript: URL as plain text', (r, m) => `javascript:${r(m)}`),
  P('09', 'javascript: link', (r, m) => `<a href="javascript:${r(m)}">open</a>`),
  P('10', 'javascript: link with a tab entity', (r, m) => `<a href="jav&#x09;ascript:${r(m)}">open</a>`),
  P(
    '11',
    'quote inside a web address that is made a link',
    (r, m) => `https://example.com/"onmouseover="${r(m)}"`,
  ),
  P('12', 'markup inside a web address', (r, m) => `https://example.com/?q=<img src=x onerror=${r(m)}>`),
  P('13', 'template expression', (r, m) => `{{constructor.constructor("${r(m)}")()}}`),
  P('14', 'template literal', (r, m) => `\${${r(m)}}`),
  P('15', 'details ontoggle', (r, m) => `<details open ontoggle=${r(m)}>`),
  P('16', 'iframe srcdoc', (r, m) => `<iframe srcdoc="<img src=x onerror=${r(m)}>">`),
  P('17', 'HTML-entity encoded markup', (r, m) => `&lt;img src=x onerror=${r(m)}&gt;`),
  P('18', 'URL-encoded markup', (r, m) => `%3Cimg%20src%3Dx%20onerror%3D${r(m)}%3E`),
  P('19', 'entity-encoded handler body', (_r, m) => `<img src=x onerror="&#95;&#95;xss('${m}')">`),
  P('20', 'nested broken script tags', (r, m) => `<scr<script>ipt>${r(m)}</scr</script>ipt>`),
  P('21', 'unclosed tag', (r, m) => `<img src=x onerror=${r(m)}//`),
  P(
    '22',
    'comment breaking out of an attribute',
    (r, m) => `<!--<img src="--><img src=x onerror=${r(m)}//">`,
  ),
  P(
    '23',
    'noscript title mutation',
    (r, m) => `<noscript><p title="</noscript><img src=x onerror=${r(m)}>">`,
  ),
  P('24', 'closing title and textarea', (r, m) => `</title></textarea><script>${r(m)}</script>`),
  P('25', 'object with a javascript: URL', (r, m) => `<object data="javascript:${r(m)}">`),
  P('26', 'button formaction', (r, m) => `<form><button formaction=javascript:${r(m)}>go</button></form>`),
  P('27', 'unicode-escaped markup', (r, m) => `\\u003cimg src=x onerror=${r(m)}\\u003e`),
  P('28', 'data: URL link', (r, m) => `<a href="data:text/html,<script>${r(m)}</script>">x</a>`),
  P('29', 'markdown javascript: link', (r, m) => `[click](javascript:${r(m)})`),
  P('30', 'autofocus onfocus', (r, m) => `<input autofocus onfocus=${r(m)}>`),
];
