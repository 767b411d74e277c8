/**
 * The app's style sheet on a server-rendered page. The page inlines the rules its markup can match
 * and links the whole sheet in parts with `media="print"` (decisions 298 and 319), so the sheet
 * never holds up the first paint. The parts load and parse while the page shows. They are switched
 * on together, in their order, only when the page first needs more than the inlined rules
 * (decision 338): until then switching them on changes nothing on the screen and costs a style
 * recalculation of every element while the page loads.
 */
const parts = () => [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-sheet]')];

/**
 * Resolves once every part of the deferred sheet has loaded, or failed to. A part can settle
 * before the app's code runs: a loaded one has its sheet, a failed one is marked `data-failed` by
 * the page's entry, which put it there (first-paint.ts).
 */
export function deferredSheetLoaded(): Promise<void> {
  const loaded = (link: HTMLLinkElement) =>
    new Promise<void>((resolve) => {
      if (link.sheet || link.hasAttribute('data-failed')) resolve();
      else {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }
    });
  return Promise.all(parts().map(loaded)).then(() => undefined);
}

/** Switches every part on at once: a part switched on alone could reorder the cascade. */
export function applyDeferredSheet(): void {
  for (const link of parts()) link.media = 'all';
}

/**
 * A visitor's first pointer, key or focus: the inlined rules leave out the states only a visitor
 * brings about (`:hover`, `:focus-visible`, `:active`: the critical CSS index, decision 298).
 */
const VISITOR_INPUT = ['pointerover', 'pointerdown', 'keydown', 'focusin'] as const;

/** The element names (as `<name`) and classes of these elements and everything in them. */
function namesIn(elements: Element[]): Set<string> {
  const names = new Set<string>();
  for (const element of elements.flatMap((each) => [each, ...each.querySelectorAll('*')])) {
    names.add(`<${element.localName}`);
    for (const name of element.classList) names.add(name);
  }
  return names;
}

/**
 * Whether a batch of changes shows an element or a class the markup did not have. Text (an
 * announcement, a hydrated text), other attributes, removed elements and elements like the
 * markup's (a slide filled in, a list reordered, a link replaced by a button like it) need no
 * rule the page lacks.
 *
 * The server chose the inlined rules by the names in its markup of `root` (`markupNames` in the
 * server's pages module), and every element that came since had only such names, or the sheet is
 * on already. So a name still on an element of `root` that this batch did not add or change, on
 * an element the batch took away, or named in a `data-later-class`, is one the rules were chosen
 * for. Read only when something changes, each name once a batch: the page pays nothing for it
 * while it loads.
 */
function needsSheet(root: Element, records: MutationRecord[]): boolean {
  const added: Element[] = [];
  const removed: Element[] = [];
  const changed = new Set<Element>();
  for (const record of records) {
    if (record.type === 'attributes') changed.add(record.target as Element);
    for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
    for (const node of record.removedNodes) if (node instanceof Element) removed.push(node);
  }
  if (!changed.size && !added.length) return false;
  const fresh = (other: Element) => changed.has(other) || added.some((element) => element.contains(other));
  const known = namesIn(removed.filter((element) => !fresh(element)));
  for (const element of root.querySelectorAll('[data-later-class]'))
    for (const name of element.getAttribute('data-later-class')!.split(/\s+/)) known.add(name);
  const inRoot = (name: string, list: HTMLCollectionOf<Element>) => {
    for (const other of list)
      if (!fresh(other)) {
        known.add(name);
        return true;
      }
    return false;
  };
  const covered = (element: Element) => {
    const tag = `<${element.localName}`;
    if (!known.has(tag) && !inRoot(tag, root.getElementsByTagName(element.localName))) return false;
    for (const name of element.classList)
      if (!known.has(name) && !inRoot(name, root.getElementsByClassName(name))) return false;
    return true;
  };
  const elements = [...changed, ...added.flatMap((element) => [element, ...element.querySelectorAll('*')])];
  return !elements.every(covered);
}

/**
 * Switches the sheet on at the first visitor input, or before the first change under `root` that
 * the inlined rules were not chosen for. A mutation observer's callback runs before the browser
 * next computes styles, so new markup is never painted without its rules (the app changes nothing
 * before the sheet has loaded: it waits for `deferredSheetLoaded`). Call it before the page
 * hydrates.
 */
export function applyDeferredSheetOnChange(root: Element): void {
  if (!parts().length) return;
  const apply = () => {
    observer.disconnect();
    for (const type of VISITOR_INPUT) window.removeEventListener(type, apply, true);
    // An input can come before every part has loaded: then the parts switch on once they have.
    if (parts().every((link) => link.sheet)) applyDeferredSheet();
    else void deferredSheetLoaded().then(applyDeferredSheet);
  };
  const observer = new MutationObserver((records) => {
    if (needsSheet(root, records)) apply();
  });
  // The body, not only the root: dialogs and menus open in portals beside it.
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class'],
  });
  for (const type of VISITOR_INPUT) window.addEventListener(type, apply, { capture: true, passive: true });
}
