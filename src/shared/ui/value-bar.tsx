import classes from './value-bar.module.css';

export interface ValueBarProps {
  /**
   * `progress`: how far through a form's pages (Mantine's Progress at size sm, in look);
   * `meter`: a measure such as a score, a little thicker, whose least value still draws a short
   * bar (an empty track beside "Mild" reads as something missing, not as a mild score).
   */
  kind: 'progress' | 'meter';
  /** The value in percent. */
  value: number;
  /** The id of the text that names the bar, such as "Page 2 of 4" or "Energy". */
  labelledBy: string;
  /** What a screen reader reads as the value, such as a score's band. @default the percentage */
  valueText?: string;
}

/**
 * A bar of our own for a value out of 100: Mantine's Progress brings its styles API and colour
 * functions to every question page for one coloured div.
 */
export function ValueBar({ kind, value, labelledBy, valueText = `${String(value)}%` }: ValueBarProps) {
  return (
    <div
      className={classes.track}
      data-kind={kind}
      role={kind === 'meter' ? 'meter' : 'progressbar'}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className={classes.fill} style={{ width: `${String(value)}%` }} />
    </div>
  );
}
