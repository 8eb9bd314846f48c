import type { ReactNode } from 'react';
import classes from './action-bar.module.css';

/**
 * Where a screen's buttons go, the same way on every screen: the primary action (a filled
 * Button) first, then the secondary ones (outlined: Back, Try again). Full width and stacked on
 * a phone, one row from sm up. Children that render nothing leave no gap.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return <div className={classes.bar}>{children}</div>;
}
