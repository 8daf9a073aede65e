import { useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';

/**
 * Charts draw one at a time, each in its own idle period once the page has painted (ADR 0059): drawing the
 * dashboard's charts in one React commit made one long task of every chart's SVG layout, which delayed the
 * figures' paint and counted whole towards Total Blocking Time. The first turn also waits for the charts chunk, so
 * that no turn is spent suspended while it downloads.
 */
const IDLE_TIMEOUT_MS = 1000;

const waiting: Array<() => void> = [];
let scheduled = false;
let chartsReady: Promise<unknown> | null = null;

function giveNextTurn() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) scheduleTurn();
}

function scheduleTurn() {
  if (scheduled) return;
  scheduled = true;
  void chartsReady!.then(() => whenIdle(giveNextTurn, IDLE_TIMEOUT_MS));
}

/**
 * True once this chart may draw: after `wanted` became true (its frame is near the viewport), the page is idle,
 * the module that `load` imports has arrived, and the charts queued before it have drawn.
 */
export function useDrawTurn(wanted: boolean, load: () => Promise<unknown>): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (!wanted || turn) return;
    chartsReady ??= load().catch(() => undefined);
    let cancelled = false;
    const take = () => {
      if (!cancelled) setTurn(true);
    };
    waiting.push(take);
    scheduleTurn();
    return () => {
      cancelled = true;
      const index = waiting.indexOf(take);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [wanted, turn, load]);
  return turn;
}
