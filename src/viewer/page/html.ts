/// <reference lib="dom" />
/** Text from a snapshot (ids, place names) is the caller's: escape it wherever it becomes HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

type Child = Node | string | null | undefined | false;

/** A DOM element with attributes and children; text children are text nodes, never parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}
