import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDeferredSheetOnChange, deferredSheetLoaded } from './deferred-sheet';

/** The markup a rendered page arrives with: its inlined rules were chosen by these names. */
const MARKUP = `
  <header class="navbar"><a class="nav-link" href="/de/">Start</a></header>
  <div class="carousel" data-later-class="carousel-item-next carousel-item-start">
    <div class="carousel-item active"><p class="fw-bold">Käse</p></div>
    <div class="carousel-item"></div>
  </div>
  <ul class="list"><li class="card">1</li><li class="card">2</li></ul>
  <button type="button" class="btn-close"></button>
  <p class="more"><a class="btn btn-outline-primary" href="?page=2">Mehr laden</a></p>
  <div id="announcer" class="visually-hidden"></div>`;

/** The parts of the app's sheet, as the rendered page links them; `loaded`: their sheets are there. */
function linkParts(loaded: boolean): HTMLLinkElement[] {
  return [1, 2].map((n) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.dataset.deferredSheet = '';
    link.href = `/assets/core-1-${n}.css`;
    if (loaded) Object.defineProperty(link, 'sheet', { value: {}, configurable: true });
    document.head.append(link);
    return link;
  });
}

const media = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-sheet]')].map((l) => l.media);
/** A mutation observer's callback runs at the end of the task that changed the page. */
const changesSeen = () => new Promise((resolve) => setTimeout(resolve, 0));
const root = () => document.getElementById('root')!;
const add = (parent: Element, html: string) => parent.insertAdjacentHTML('beforeend', html);

/** The parts' media after `change` on a freshly rendered page whose parts have loaded. */
async function mediaAfter(change: () => void): Promise<string[]> {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${MARKUP}</div>`;
  linkParts(true);
  applyDeferredSheetOnChange(root());
  change();
  await changesSeen();
  return media();
}

describe('a rendered page switches the app’s whole sheet on when it first needs it (decision 338)', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${MARKUP}</div>`;
  });
  afterEach(() => {
    // A visitor's key ends every watch a test left (its observer and listeners).
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('keeps its inlined rules while the app only adds what is like the markup, moves it or says something', async () => {
    const likeTheMarkup = () => {
      const list = root().querySelector('ul')!;
      add(list, '<li class="card">3</li>');
      list.append(list.firstElementChild!);
      root().querySelectorAll('.carousel-item')[1]!.innerHTML = '<p class="fw-bold">Brot</p>';
      document.getElementById('announcer')!.textContent = 'Im Warenkorb';
      // The app's button takes the place of the server's link to the next page.
      root().querySelector('.more')!.innerHTML =
        '<button type="button" class="btn btn-outline-primary">Mehr laden</button>';
      // The carousel names the classes of a slide's move for later.
      root().querySelectorAll('.carousel-item')[1]!.className =
        'carousel-item carousel-item-next carousel-item-start';
    };
    expect(await mediaAfter(likeTheMarkup)).toEqual(['print', 'print']);
  });

  it('switches every part on, before anything is painted, when an element of a class the markup lacks comes', async () => {
    expect(
      await mediaAfter(() => add(root(), '<div class="alert alert-danger">Nicht gefunden</div>')),
    ).toEqual(['all', 'all']);
  });

  it('switches them on for a new kind of element, a class given later, or a dialog beside the root', async () => {
    const changes = [
      () => add(root().querySelector('ul')!, '<li class="card"><table><tr><td>1</td></tr></table></li>'),
      () => root().querySelector('.card')!.classList.add('border-danger'),
      () => add(document.body, '<div class="modal"><div class="modal-dialog"></div></div>'),
    ];
    for (const change of changes) expect(await mediaAfter(change)).toEqual(['all', 'all']);
  });

  it('does not take what the same change added, or added and took away, as already there', async () => {
    for (const change of [
      () => {
        add(root(), '<p class="toast">1</p>');
        add(root(), '<p class="toast">2</p>');
      },
      () => {
        add(root(), '<p class="toast">1</p>');
        root().querySelector('.toast')!.remove();
        add(root(), '<p class="toast">2</p>');
      },
    ])
      expect(await mediaAfter(change)).toEqual(['all', 'all']);
  });

  it('switches them on at a visitor’s first key, pointer or focus: hover and focus states are not inlined', async () => {
    for (const input of [
      new KeyboardEvent('keydown', { key: 'Tab' }),
      new Event('pointerover'),
      new Event('pointerdown'),
      new FocusEvent('focusin'),
    ]) {
      document.head.innerHTML = '';
      linkParts(true);
      applyDeferredSheetOnChange(root());
      window.dispatchEvent(input);
      expect(media()).toEqual(['all', 'all']);
    }
  });

  it('after an input before the parts have loaded, switches them on once they all have', async () => {
    const links = linkParts(false);
    applyDeferredSheetOnChange(root());
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    links[0]!.dispatchEvent(new Event('load'));
    await changesSeen();
    expect(media()).toEqual(['print', 'print']);
    links[1]!.dispatchEvent(new Event('error'));
    await changesSeen();
    expect(media()).toEqual(['all', 'all']);
  });

  it('waits for every part to load, or to fail, before the app starts', async () => {
    const links = linkParts(false);
    let loaded = false;
    void deferredSheetLoaded().then(() => (loaded = true));
    links[0]!.dispatchEvent(new Event('load'));
    await changesSeen();
    expect(loaded).toBe(false);
    links[1]!.dispatchEvent(new Event('error'));
    await changesSeen();
    expect(loaded).toBe(true);
  });

  it('counts a part that failed before the app ran, as the page’s entry marks it', async () => {
    const links = linkParts(false);
    links[1]!.setAttribute('data-failed', '');
    let loaded = false;
    void deferredSheetLoaded().then(() => (loaded = true));
    links[0]!.dispatchEvent(new Event('load'));
    await changesSeen();
    expect(loaded).toBe(true);
  });
});
