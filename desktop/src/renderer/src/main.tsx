import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A file dropped outside an image control must not replace the page.
for (const type of ['dragover', 'drop'] as const) {
  window.addEventListener(type, (e) => {
    if (!e.defaultPrevented) e.preventDefault();
  });
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App bridge={window.bloom} />
    </StrictMode>,
  );
}
