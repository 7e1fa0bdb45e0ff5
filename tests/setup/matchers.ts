import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// findBy*/waitFor wait for what a user would wait for (a lazily loaded route, a flow's texts);
// the default second is too short when CI's two cores also run the server tests alongside.
configure({ asyncUtilTimeout: 5_000 });
