/**
 * An amount as headlines write it, for patterns that need to know where one stands: "$40M",
 * "€1.2bn", "£500k", "US$20 million", "12 million euros", "EUR 40M". The value itself is read by
 * the analyst's amount reader (amount.ts); this only places it.
 */
export const AMOUNT_WORDS = String.raw`(?:(?:US|A|C|S)?[€£$¥]\s?\d[\d.,]*\s?(?:[kmb]n?\b|million\b|billion\b|mln\b)?|\d[\d.,]*\s?(?:[kmb]n?|million|billion)?\s?(?:euros?|dollars|pounds|EUR|USD|GBP|SEK|CHF)\b|(?:EUR|USD|GBP|SEK|NOK|DKK|CHF|PLN)\s?\d[\d.,]*\s?(?:[kmb]n?\b|million\b|billion\b)?)`;
