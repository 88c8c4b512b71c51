/**
 * Removes the custom properties (`--name: value`) no rule reads. Amplify UI declares about 1,700
 * of them on :root; the rules a page's first paint needs read a few hundred, and an entry
 * document inlines only those (entry-documents.ts). A property is read when a declaration that is
 * not itself a custom property uses `var(--name)`, when an inline style in `html` does, or when
 * the value of a property that is read does (themes define one in terms of another).
 */
import postcss from 'postcss';

const VAR = /var\(\s*(--[\w-]+)/g;
const readsOf = (text: string) => [...text.matchAll(VAR)].map((match) => match[1] as string);

export function pruneCustomProperties(css: string, html = ''): string {
  const root = postcss.parse(css);
  const valuesOf = new Map<string, string[]>();
  const read = new Set<string>(readsOf(html));
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) valuesOf.set(decl.prop, [...(valuesOf.get(decl.prop) ?? []), decl.value]);
    else for (const name of readsOf(decl.value)) read.add(name);
  });
  const pending = [...read];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const value of valuesOf.get(name) ?? []) {
      for (const next of readsOf(value)) {
        if (read.has(next)) continue;
        read.add(next);
        pending.push(next);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  return root.toString();
}
