import { ErrorPage } from './error-page.tsx';

/** The catch-all page (SPEC §2, 'Oops... page not found'), in the error pages' one pattern, with the way back in. */
export default function NotFoundScreen() {
  return (
    <ErrorPage
      description="Oops... page not found"
      message="The link may be old or mistyped. You can start again from the beginning, or call us."
      withContent={false}
    />
  );
}
