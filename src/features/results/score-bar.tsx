import classes from './score-bar.module.css';

export interface ScoreBarProps {
  /** The score, 0-100. */
  value: number;
  /** Its band's label ("Mild"), which a screen reader reads as the value. */
  band: string;
  /** The id of the text that names the bar, such as "Energy". */
  labelledBy: string;
}

/**
 * One score of the results as a bar (a meter, not progress). A score of 0 still draws a short
 * bar: an empty track beside "Mild" reads as something missing, not as a mild score.
 */
export function ScoreBar({ value, band, labelledBy }: ScoreBarProps) {
  return (
    <div
      className={classes.track}
      role="meter"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={band}
    >
      <div className={classes.fill} style={{ width: `${String(value)}%` }} />
    </div>
  );
}
