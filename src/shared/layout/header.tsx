import type { ReactNode } from 'react';
import { useBrand } from '../brand/brand-context.tsx';
import type { RouteConfig } from '../../engine/config-types.ts';
import classes from './header.module.css';
import { telHref } from './phone.ts';
import { useScrollProgress } from './use-scroll-progress.ts';

export interface HeaderProps {
  /** The page's route: its header options and time to complete. */
  route: RouteConfig;
  /** Progress in percent to show instead of the scroll percentage, where the progress bar applies. */
  progress?: number;
}

function Logo() {
  const { brand } = useBrand();
  // Not a link: the funnel has no home page, and leaving mid-way would lose the patient's place.
  return <img className={classes.logo} src={brand.logo} alt={brand.brandName} width={160} height={32} />;
}

function PhoneIcon() {
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3z"
      />
    </svg>
  );
}

/**
 * "Call now" on a phone, "Have questions?" with the number from md up. Both are in the markup
 * and CSS shows one: the header is in the page's HTML before any script runs (the prerendered
 * shell, docs/performance.md), so its look cannot wait for JavaScript to measure the screen.
 */
function CallLink() {
  const { brand } = useBrand();
  return (
    <a className={classes.call} href={telHref(brand.phone)}>
      <PhoneIcon />
      <span className={classes.callNow}>Call now</span>
      <span className={classes.callText}>
        <span className={classes.callPrompt}>Have questions? </span>
        <span className={classes.callPhone}>{brand.phone}</span>
      </span>
    </a>
  );
}

/**
 * A badge as Mantine's Badge draws it (size lg, radius sm, not uppercase), in the primary colour
 * on the brand's light accent: above 7:1 for both brands. Markup and CSS of our own, so every
 * page does not carry Badge's styles API for two labels.
 */
function Badge({ leftSection, children }: { leftSection?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.badge} data-with-left-section={leftSection === undefined ? undefined : true}>
      {leftSection !== undefined && <span className={classes.badgeSection}>{leftSection}</span>}
      <span className={classes.badgeLabel}>{children}</span>
    </div>
  );
}

function ProgressBar({ value }: { value: number }) {
  return (
    <div
      className={classes.progress}
      role="progressbar"
      aria-label="Page scrolled"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      {/* No style at 0 (the CSS's own scaleX(0)): the prerendered header may carry no style
          attribute, which the Content-Security-Policy would refuse. */}
      <div className={classes.progressFill} style={value === 0 ? undefined : { transform: `scaleX(${value / 100})` }} />
    </div>
  );
}

/**
 * The page header: the brand's logo, the optional time-to-complete and Secure Checkout badges,
 * and the call link. It takes the bar's height in the page flow, so a fixed header never
 * covers the top of the page.
 */
export function Header({ route, progress }: HeaderProps) {
  const options = route.header ?? {};
  // On phones only: CSS hides the bar from md up.
  const showProgress = options.scrollProgress === true;
  const scrolled = useScrollProgress(showProgress && progress === undefined);
  const hasBadges = route.timeToComplete !== undefined || options.secureCheckout === true;

  return (
    <header className={classes.root} data-fixed={options.fixed || undefined} data-with-badges={hasBadges || undefined}>
      <div className={classes.bar}>
        <Logo />
        {hasBadges && (
          <div className={classes.badges}>
            {route.timeToComplete !== undefined && <Badge>Less than {route.timeToComplete} to complete</Badge>}
            {options.secureCheckout && <Badge leftSection={<LockIcon />}>Secure Checkout</Badge>}
          </div>
        )}
        {!options.hideCallLink && <CallLink />}
        {showProgress && <ProgressBar value={Math.min(100, Math.max(0, progress ?? scrolled))} />}
      </div>
    </header>
  );
}

/** The header of the wrapper layout: the logo alone, on the page's light grey. */
export function LogoHeader() {
  return (
    <header className={classes.root} data-plain>
      <div className={classes.bar}>
        <Logo />
      </div>
    </header>
  );
}
