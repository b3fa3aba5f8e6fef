import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './sw/registerServiceWorker';

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
