import './app/zod-jitless';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { ConsoleRouter } from './app/router';
import { loadingConsole, routes } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <ConsoleRouter routes={routes} loadingConsole={loadingConsole} />
    </Providers>
  </StrictMode>,
);
