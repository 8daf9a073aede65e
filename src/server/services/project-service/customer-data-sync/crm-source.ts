import { readFile } from 'node:fs/promises';

export type CustomerDataKind = 'companies' | 'people';
export const CUSTOMER_DATA_KINDS: readonly CustomerDataKind[] = ['companies', 'people'];

/** One company or person as the CRM gives it: its CRM id and the rest as it is. */
export interface CrmRecord {
  externalId: string;
  data: Record<string, unknown>;
}

/** Where customer data comes from (docs/product/customer-data-sync.md#source). Pluggable: a file by default. */
export interface CrmSource {
  /** The records of `kind` of the customer with this customer ID; throws when the source cannot be read. */
  fetch(kind: CustomerDataKind, customerId: string): Promise<CrmRecord[]>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON file `{ "companies": [...], "people": [...] }`; each entry has an `id` and the `customerId` of the account
 * it belongs to (an account's Customer ID). Read on every fetch, so an edited file is picked up by the next refresh.
 */
export class FileCrmSource implements CrmSource {
  constructor(private readonly path: string) {}

  async fetch(kind: CustomerDataKind, customerId: string): Promise<CrmRecord[]> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.path, 'utf8'));
    } catch (error) {
      throw new Error(`The CRM source file ${this.path} cannot be read: ${(error as Error).message}`);
    }
    const entries = isObject(parsed) ? parsed[kind] : undefined;
    if (!Array.isArray(entries)) throw new Error(`The CRM source file has no "${kind}" list.`);
    return entries
      .filter((entry): entry is Record<string, unknown> => isObject(entry) && entry.customerId === customerId)
      .filter((entry) => typeof entry.id === 'string' || typeof entry.id === 'number')
      .map((entry) => ({ externalId: String(entry.id), data: entry }));
  }
}
