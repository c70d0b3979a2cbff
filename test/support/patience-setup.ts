import { patient } from './patience';

// jest's default time for a test (the config's testTimeout, 30 s), stretched by TEST_PATIENCE.
jest.setTimeout(patient(30_000));
