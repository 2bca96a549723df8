import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { Providers } from './app/providers';

const racine = document.getElementById('root');
if (!racine) throw new Error("index.html n'a pas d'élément #root");
createRoot(racine).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
