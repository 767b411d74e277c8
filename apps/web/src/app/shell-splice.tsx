/**
 * The server's renderer renders the header and footer once per language and page kind and splices
 * their markup into each page (entry-server.tsx): for a guest (the server renders nothing else)
 * they are the same on every product page of a language, and they were a third of a render
 * (react-router's links resolve and match their addresses, the language switcher). The browser
 * renders and hydrates the whole app as before; the markup it meets is the same.
 *
 * Preact numbers `useId` values in render order over the whole page (`P0-0`, `P0-1`, …). A slot
 * takes the one id its part would take at that place, and the part's markup, rendered alone (its
 * one id is then `P0-0`), gets the slot's id. A part with another number of ids (a second
 * `useId`, or React's tree-shaped ids in development) is not spliced: the page renders whole.
 */
import { StrictMode, useId, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { StaticRouter, useRoutes } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { Providers } from './providers';

export type ShellPart = 'header' | 'footer';
export interface Shell {
  header: string;
  footer: string;
}

/** Where a part's markup goes: a marker holding the id the part's `useId` takes at this place. */
export function ShellSlot({ part }: { part: ShellPart }) {
  const id = useId();
  return <template data-shell={part} data-id={id} />;
}

const SLOT = /^<template data-shell="(header|footer)" data-id="([^"]*)"><\/template>$/;
const ALONE_ID = '"P0-0"';

/** The part at `location`, in the route context the layout gives it (no screen inside). */
function PartAt({ part }: { part: ReactNode }) {
  return useRoutes([{ element: part, children: [{ path: '*', element: null }] }]);
}

/** A part's markup as a page shows it, or null when its ids cannot be moved (see above). */
function renderPart(part: ReactNode, location: string, basename: string): string | null {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const html = renderToString(
    <StrictMode>
      <Providers client={client} serverRendered>
        <StaticRouter location={location} basename={basename}>
          <PartAt part={part} />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const ids = new Set(html.match(/"P\d+-\d+"/g) ?? []);
  return ids.size === 1 && ids.has(ALONE_ID) ? html : null;
}

/** The header and footer at `location`, or null when they cannot be spliced. */
export function renderShell(location: string, basename: string): Shell | null {
  const header = renderPart(<Header />, location, basename);
  const footer = renderPart(<Footer />, location, basename);
  return header && footer ? { header, footer } : null;
}

const SLOT_START = '<template data-shell="';
const SLOT_END = '"></template>';

/**
 * A page rendered with slots, with the shell's parts in them (null: a slot that is not one of
 * ShellSlot's, or without a Preact id). Read with indexOf: a regular expression over the page was
 * a few per cent of a render.
 */
export function spliceShell(html: string, shell: Shell): string | null {
  let out = '';
  let from = 0;
  for (let at = html.indexOf(SLOT_START); at >= 0; at = html.indexOf(SLOT_START, from)) {
    const end = html.indexOf(SLOT_END, at);
    const slot = end < 0 ? null : SLOT.exec(html.slice(at, end + SLOT_END.length));
    if (!slot) return null;
    const [, part, id] = slot as unknown as [string, ShellPart, string];
    if (!/^P\d+-\d+$/.test(id)) return null;
    out += html.slice(from, at) + shell[part].replaceAll(ALONE_ID, `"${id}"`);
    from = end + SLOT_END.length;
  }
  return out + html.slice(from);
}
