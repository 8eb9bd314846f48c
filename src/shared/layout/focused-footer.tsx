import { useId } from 'react';
import { useBrand } from '../brand/brand-context.tsx';
import { PhoneLink } from '../ui/phone-link.tsx';
import classes from './focused-footer.module.css';
import { LEGAL_LINKS } from './legal-links.ts';

/**
 * A checkout's footer (route `footer: "focused"`): the help line, the legal links and the
 * copyright, and nothing that leads away from the step (no treatments, partners or social
 * links). Small and part of the page, so unlike the brand's whole footer it is not loaded later.
 * The legal pages open in a new tab at every width: leaving in this tab would lose what the
 * patient has typed on the step (a card's number is never kept).
 */
export function FocusedFooter() {
  const { site, brand } = useBrand();
  const noteId = useId();
  return (
    <footer className={classes.root}>
      <div className={classes.inner}>
        <p className={classes.help}>
          Need help? Call <PhoneLink className={classes.phone} />,{' '}
          <span className={classes.hours}>{brand.supportHours}.</span>
        </p>
        <nav aria-label="Legal">
          <ul className={classes.links}>
            {LEGAL_LINKS[site].map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-describedby={noteId}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className={classes.copyright}>
          © {new Date().getFullYear()} {brand.brandName}. All rights reserved.
        </p>
        <span id={noteId} hidden>
          Opens in a new tab
        </span>
      </div>
    </footer>
  );
}
