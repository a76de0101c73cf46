/** What other features may use of the search feature; everything else in it is its own. */
export { SmartSearch } from './components/smart-search.tsx';
export { useLinkedId } from './hooks/use-linked-id.ts';
