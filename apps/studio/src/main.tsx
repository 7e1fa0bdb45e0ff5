import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Studio } from './Studio.tsx';
import '../../../renderer/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <main>
      <Studio />
    </main>
  </StrictMode>,
);
