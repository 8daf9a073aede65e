/** What a run found, per operation: the terminal summary, JUnit XML and HTML report all read this. */
import type { KitOperation } from './contract-model';
import type { CheckName, Finding } from './exchange-validator';

export interface ViolationExample {
  label: string;
  curl: string;
  status: number;
  responsePreview: string;
  message: string;
}

export interface Violation {
  check: CheckName;
  /** How many exchanges broke this check on this operation. */
  count: number;
  /** The first few, each with its request as a curl line. */
  examples: ViolationExample[];
}

export interface OperationResult {
  operationId: string;
  service: string;
  method: string;
  path: string;
  requests: number;
  statuses: Record<string, number>;
  durationsMs: number[];
  violations: Violation[];
  /** Why the operation was not (fully) exercised, e.g. a write without --allow-writes. */
  notes: string[];
}

export interface RunReport {
  mode: 'check' | 'proxy';
  target: string;
  startedAt: string;
  finishedAt: string;
  seed: number | null;
  requests: number;
  budgetExhausted: boolean;
  operations: OperationResult[];
  /** Exchanges the proxy saw that match no documented operation (method and path). */
  unmatched: Array<{ method: string; path: string; status: number; count: number }>;
}

const MAX_EXAMPLES = 3;

export function emptyResult(operation: KitOperation): OperationResult {
  return {
    operationId: operation.operationId,
    service: operation.service,
    method: operation.method.toUpperCase(),
    path: operation.basePath + operation.path,
    requests: 0,
    statuses: {},
    durationsMs: [],
    violations: [],
    notes: [],
  };
}

/** Records one exchange and what the checks said of it. */
export function recordExchange(
  result: OperationResult,
  exchange: { label: string; curl: string; status: number; durationMs: number; responsePreview: string },
  findings: Finding[],
): void {
  result.requests += 1;
  result.statuses[String(exchange.status)] = (result.statuses[String(exchange.status)] ?? 0) + 1;
  result.durationsMs.push(exchange.durationMs);
  for (const finding of findings) {
    let violation = result.violations.find((v) => v.check === finding.check);
    if (!violation) {
      violation = { check: finding.check, count: 0, examples: [] };
      result.violations.push(violation);
    }
    violation.count += 1;
    if (violation.examples.length < MAX_EXAMPLES)
      violation.examples.push({
        label: exchange.label,
        curl: exchange.curl,
        status: exchange.status,
        responsePreview: exchange.responsePreview,
        message: finding.message,
      });
  }
}

export const violationCount = (report: RunReport) =>
  report.operations.reduce((sum, op) => sum + op.violations.length, 0);

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
