import { Footer } from './footer.tsx';
import { LayoutFrame, type PageLayoutProps } from './layout-frame.tsx';

/**
 * The page around a screen: header, content and footer, arranged by the route's layout, with
 * the footer rendered at once. The app shell uses AppPageLayout (app-page-layout.tsx), the
 * same layout with the footer's code loaded after the page.
 */
export function PageLayout(props: PageLayoutProps) {
  return <LayoutFrame {...props} footer={Footer} />;
}
