import { UNREADABLE } from './messages.ts';
import { type ExtractionLimits, UnreadableDocumentError } from './types.ts';

/**
 * What one extraction may still spend: text characters and wall-clock time. Extractors take text
 * through it so that every format cuts at the same bound and says so in the same words.
 */
export class ExtractionBudget {
  private charsLeft: number;
  private readonly deadline: number;
  readonly notices: string[] = [];
  textCut = false;

  constructor(readonly limits: ExtractionLimits) {
    this.charsLeft = limits.maxTextChars;
    this.deadline = Date.now() + limits.timeoutMs;
  }

  /** The part of `text` that still fits; the first cut adds a notice. */
  takeText(text: string): string {
    if (text.length <= this.charsLeft) {
      this.charsLeft -= text.length;
      return text;
    }
    const kept = text.slice(0, this.charsLeft);
    this.cutText();
    return kept;
  }

  /** Records that the text was cut (once), for readers that stop before handing the rest over. */
  cutText(): void {
    this.charsLeft = 0;
    if (this.textCut) return;
    this.textCut = true;
    this.notices.push(
      `Only the first ${this.limits.maxTextChars.toLocaleString('en-US')} characters of text were read; the rest of the file was left out.`,
    );
  }

  get exhausted(): boolean {
    return this.charsLeft <= 0;
  }

  /** Milliseconds left before the extraction must give up. */
  get msLeft(): number {
    return this.deadline - Date.now();
  }

  /** Throws the "took too long" error once the time is spent (checked between pages and sheets). */
  checkTime(): void {
    if (Date.now() > this.deadline) throw new UnreadableDocumentError(UNREADABLE.timeout);
  }
}
