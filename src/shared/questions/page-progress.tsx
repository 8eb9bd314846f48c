import classes from './page-progress.module.css';

export interface PageProgressProps {
  /** How far through the pages, in percent. */
  value: number;
  /** The id of the text that names the bar, such as "Page 2 of 4". */
  labelledBy: string;
}

/**
 * How far through a form's pages the patient is. A bar of our own: Mantine's Progress brings
 * its styles API and colour functions to every question page for one coloured div.
 */
export function PageProgress({ value, labelledBy }: PageProgressProps) {
  return (
    <div className={classes.root}>
      <div
        className={classes.section}
        role="progressbar"
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${String(value)}%`}
        style={{ width: `${String(value)}%` }}
      />
    </div>
  );
}
