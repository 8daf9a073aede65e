import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { clock, type TimerHandle } from '../../../lib/clock';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Updated … ago" for a fetch time, refreshed every 30 seconds; a plain line the list's class styles (ADR 0136). */
export function UpdatedAgo({ at }: { at: number | undefined }) {
  const { t, i18n } = useLingui();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    let handle: TimerHandle | undefined;
    const tick = () => {
      setNow(clock.now());
      handle = clock.setTimeout(tick, 30_000);
    };
    tick();
    return () => {
      if (handle !== undefined) clock.clearTimeout(handle);
    };
  }, [at]);
  // The line is kept (empty) until the list has answered, so the filters below it do not move.
  if (at === undefined)
    return (
      <p data-part="updated" aria-hidden>
        {'\u00a0'}
      </p>
    );
  const elapsed = Math.max(0, now - at);
  const [unit, size] = units.find(([, ms]) => elapsed >= ms) ?? [null, 0];
  const text =
    unit === null
      ? t`Updated less than a minute ago`
      : (() => {
          const relative = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' }).format(
            -Math.floor(elapsed / size),
            unit,
          );
          return t`Updated ${relative}`;
        })();
  return (
    <p data-part="updated" data-testid="projects-updated">
      {text}
    </p>
  );
}
