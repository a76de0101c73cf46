/** What other features may use of the assistant feature; everything else in it is its own. */
export { AskAnythingCard } from './components/ask-anything-card.tsx';
export { EngineStatusCard } from './components/engine-status-card.tsx';
export { citationTarget } from './lib/citation-target.ts';
