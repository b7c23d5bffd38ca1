import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { checkSessionEarly } from './features/auth/early-session';
import './styles.css';

// Both before the first render: the session check (which takes the request index.html preloaded)
// and the page's code load side by side.
checkSessionEarly();
preloadRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
