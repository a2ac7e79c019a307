// A tiny element builder: h('p', {class: 'note'}, 'text', child). Attributes named on* are event
// listeners; true sets an empty attribute, false/null/undefined leave it out. Text is always a
// text node, never parsed as HTML.
export type Child = Node | string | number | null | undefined | false | Child[];
// biome-ignore lint/suspicious/noExplicitAny: a listener takes the event type of its own `on*` name.
type AttrValue = string | number | boolean | null | undefined | ((ev: any) => void);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, AttrValue> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, c);
    else parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces the children of `el`. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** An internal link, followed by the router without a page load. */
export const link = (href: string, attrs: Record<string, AttrValue>, ...children: Child[]) =>
  h('a', { ...attrs, href, 'data-link': true }, ...children);

export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Saves text as a file through a temporary object URL (no server round trip). */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
