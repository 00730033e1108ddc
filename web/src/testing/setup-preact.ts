// The public pages' tests (vitest project 'public-pages': Preact in jsdom): the web tests' setup, and
// one wait at the end of each file. Preact runs effects after the next frame, with a 35 ms timer in
// case no frame comes (jsdom draws none), and that timer calls cancelAnimationFrame. A timer still
// pending when the file ends fires after jsdom is gone and throws "cancelAnimationFrame is not defined":
// an unhandled error that fails the run with every test green (CI, web/src/public-pages/clinic-brand).
import { afterAll } from 'vitest';
import './setup';

// preact/hooks RAF_TIMEOUT (35 ms in Preact 10 and 11), with room for a timer the last effect starts.
const PREACT_FRAME_TIMEOUT_MS = 35;

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, PREACT_FRAME_TIMEOUT_MS * 4)));
