/** What other features may use of the deal-intelligence feature; everything else in it is its own. */
export { AiIntelligenceCard } from './components/ai-intelligence-card.tsx';
