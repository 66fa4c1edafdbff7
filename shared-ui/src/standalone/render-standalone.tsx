import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

export interface StandaloneOptions {
  /** The remote's exposed routes (`<App />`), at every path no page below takes. */
  app: ReactNode;
  /** Stand-ins for what the shell shows, by path pattern: `{ [paths.login.pattern]: <StandaloneSignIn /> }`. */
  pages?: Record<string, ReactNode>;
  /** Above every page, where the shell's header would be. */
  bar?: ReactNode;
}

/** A remote run on its own (its dev server): #root, with its own router and <main>, as the shell would give it. */
export function renderStandalone({ app, pages = {}, bar }: StandaloneOptions) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        {bar}
        {/* The one <main>, as the shell's: remotes' pages are not landmarks of their own. */}
        <main>
          <Routes>
            {Object.entries(pages).map(([pattern, page]) => (
              <Route key={pattern} path={pattern} element={page} />
            ))}
            <Route path="*" element={app} />
          </Routes>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
