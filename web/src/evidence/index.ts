export { parseEvidence, splitEvidence } from './parse-evidence.js';
export type { CitedEvidence, CitedSource } from './parse-evidence.js';
export { locateQuote } from './locate-quote.js';
export type { QuoteSpan } from './locate-quote.js';
export { resolveCitation } from './resolve-citation.js';
export type { CitationTarget } from './resolve-citation.js';
