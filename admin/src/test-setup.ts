import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait for what they look for up to 10 s (1 s by default): on a busy
// machine an MUI screen takes seconds to render, which is slow, not wrong.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// Run before each test file: the files of a worker share one page (`isolate: false`), and none
// finds what an earlier one stored or stubbed.
localStorage.clear();
sessionStorage.clear();
vi.unstubAllGlobals();
