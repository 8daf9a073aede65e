import { PdfWriter, type PdfColumn, type PdfOptions, type TextStyle } from './pdf-writer';

/** One call of the PDF writer, as plain data a worker thread receives by message (ADR 0109). */
export type PdfStep =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; style?: TextStyle }
  | { kind: 'image'; bytes: Uint8Array; box?: { width: number; height: number } }
  | { kind: 'banner'; text: string; color: string }
  | { kind: 'space'; lines?: number }
  | { kind: 'table'; columns: readonly PdfColumn[]; rows: readonly (readonly string[])[] };

/** A whole document as plain data: the writer's options and its calls in order. */
export interface PdfDocument {
  options: PdfOptions;
  steps: PdfStep[];
}

/**
 * Writes down a document with the PDF writer's calls (heading, paragraph, table...) without drawing it, so the
 * drawing, the expensive part, can run in the PDF render pool (ADR 0109). `document` is what renderPdf draws.
 */
export class PdfPlan {
  readonly document: PdfDocument;

  constructor(options: PdfOptions) {
    this.document = { options, steps: [] };
  }

  #add(step: PdfStep): this {
    this.document.steps.push(step);
    return this;
  }

  heading(text: string): this {
    return this.#add({ kind: 'heading', text });
  }

  paragraph(text: string, style?: TextStyle): this {
    return this.#add({ kind: 'paragraph', text, ...(style && { style }) });
  }

  image(bytes: Uint8Array, box?: { width: number; height: number }): this {
    return this.#add({ kind: 'image', bytes, ...(box && { box }) });
  }

  banner(text: string, color: string): this {
    return this.#add({ kind: 'banner', text, color });
  }

  space(lines?: number): this {
    return this.#add({ kind: 'space', ...(lines !== undefined && { lines }) });
  }

  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): this {
    return this.#add({ kind: 'table', columns, rows });
  }
}

/** Draws a planned document with the PDF writer on this thread and answers its bytes. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  const writer = new PdfWriter(document.options);
  for (const step of document.steps) {
    switch (step.kind) {
      case 'heading':
        writer.heading(step.text);
        break;
      case 'paragraph':
        writer.paragraph(step.text, step.style);
        break;
      case 'image':
        writer.image(step.bytes, step.box);
        break;
      case 'banner':
        writer.banner(step.text, step.color);
        break;
      case 'space':
        writer.space(step.lines);
        break;
      case 'table':
        writer.table(step.columns, step.rows);
        break;
      default:
        throw new Error(`Unknown PDF step: ${JSON.stringify((step as { kind?: unknown }).kind)}`);
    }
  }
  return writer.finish();
}
