import { useBrand } from '../brand/brand-context.tsx';
import classes from './page-layout.module.css';

/**
 * The brand's mark, centred and announced as 'Loading': the loading layout's content, and a
 * fallback for a screen still loading inside any layout.
 */
export function LoadingIndicator() {
  const { brand } = useBrand();
  return (
    <div className={classes.loadingIndicator} role="status" aria-busy="true" aria-label="Loading">
      <img className={classes.avatar} src={brand.favicon} alt="" width={64} height={64} />
    </div>
  );
}
