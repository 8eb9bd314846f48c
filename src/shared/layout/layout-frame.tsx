import { Box } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import type { LayoutName, LayoutOptions, RouteConfig } from '../../engine/config-types.ts';
import type { FooterProps } from './footer.tsx';
import { FocusedFooter } from './focused-footer.tsx';
import { Header, LogoHeader } from './header.tsx';
import { LoadingIndicator } from './loading-indicator.tsx';
import classes from './page-layout.module.css';

/** A route's layout options with every default filled in. */
export interface ResolvedLayout {
  name: LayoutName;
  padding: boolean;
  hideRightContent: boolean;
  extraFooterPadding: boolean;
  /** A Mantine theme colour for the content area, such as `gray.0` or `brandAccent`. */
  background?: string;
}

/**
 * The layout a route uses at a path: the defaults (`default`, padded, right-hand content
 * shown, no extra footer padding), then the route's `layout`, then the `layout` of the first
 * `layoutWhenPathContains` entry whose text is in the path (compared case-insensitively).
 * The minimal layout never has right-hand content.
 */
export function resolveLayout(route: RouteConfig, pathname: string): ResolvedLayout {
  const path = pathname.toLowerCase();
  const match = route.layoutWhenPathContains?.find(({ text }) => path.includes(text.toLowerCase()));
  const option = <Key extends keyof LayoutOptions>(key: Key): LayoutOptions[Key] =>
    match?.layout[key] ?? route.layout?.[key];
  const name = option('name') ?? 'default';
  const background = option('background');
  return {
    name,
    padding: option('padding') ?? true,
    hideRightContent: name === 'minimal' || (option('hideRightContent') ?? false),
    extraFooterPadding: option('extraFooterPadding') ?? false,
    ...(background === undefined ? {} : { background }),
  };
}

export interface PageLayoutProps {
  /** The route being shown: its layout, header and footer options. */
  route: RouteConfig;
  /** The current path, for the route's `layoutWhenPathContains`. */
  pathname: string;
  /** Right-hand content, in a column beside the page from lg up and under it below; hidden by `hideRightContent`. */
  aside?: ReactNode;
  /** Progress in percent for the header's progress bar instead of the scroll percentage. */
  progress?: number;
  children: ReactNode;
}

/**
 * The page around a screen: header, content and footer, arranged by the route's layout. The
 * footer component is given, so the app can load the footer's code after the page (it starts
 * below the fold: AppPageLayout) while a test renders it at once. A route with the focused
 * footer (a checkout's) gets it at once: it is small, and nothing of the brand's footer loads.
 */
export function LayoutFrame({
  route,
  pathname,
  aside,
  progress,
  children,
  footer: Footer,
}: PageLayoutProps & { footer: ComponentType<FooterProps> }) {
  const layout = resolveLayout(route, pathname);
  switch (layout.name) {
    case 'bare':
      return <main className={classes.bare}>{children}</main>;
    case 'loading':
      // A screen at work (such as the short-link lookup) renders nothing or a message under the mark.
      return (
        <main className={classes.loading}>
          <LoadingIndicator />
          {children}
        </main>
      );
    case 'wrapper':
      return (
        <div className={classes.root} data-layout={layout.name}>
          <LogoHeader />
          <Body layout={layout}>{children}</Body>
        </div>
      );
    case 'default':
    case 'grey':
    case 'minimal':
      return (
        <div className={classes.root} data-layout={layout.name}>
          <Header route={route} {...(progress === undefined ? {} : { progress })} />
          <Body layout={layout} aside={aside}>
            {children}
          </Body>
          {route.footer === 'focused' ? (
            <FocusedFooter />
          ) : (
            <Footer variant={route.footer ?? 'default'} extraPadding={layout.extraFooterPadding} />
          )}
        </div>
      );
  }
}

function Body({ layout, aside, children }: { layout: ResolvedLayout; aside?: ReactNode; children: ReactNode }) {
  const showAside = !layout.hideRightContent && aside !== undefined && aside !== null && aside !== false;
  return (
    <Box className={classes.band} bg={layout.background}>
      <div className={classes.body} data-padded={layout.padding || undefined} data-with-aside={showAside || undefined}>
        <main className={classes.main}>{children}</main>
        {showAside && <aside>{aside}</aside>}
      </div>
    </Box>
  );
}
