import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route puts in its `handle`: the name its browser tab and history entry show. */
export interface RouteHandle {
  title?: string;
}

/** 'Deals · Atempo'; the product's name alone when a screen has no name of its own. */
export function documentTitle(name: string | undefined): string {
  return name ? `${name} · Atempo` : 'Atempo';
}

/** The title of the deepest matched route that names one. */
export function routeTitle(matches: readonly { handle: unknown }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const title = (matches[index]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * Sets the tab title from the route table. A layout effect, so it runs before the pages' own
 * (passive) `useDocumentTitle` effects and a page that names itself more precisely wins.
 */
export function useRouteDocumentTitle() {
  const title = routeTitle(useMatches());
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A page whose name is only known from its data (a company's name) sets it once it has it. */
export function useDocumentTitle(name: string | undefined) {
  useEffect(() => {
    if (name) document.title = documentTitle(name);
  }, [name]);
}
